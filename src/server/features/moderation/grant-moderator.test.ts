import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { readConfig } from '#server/config.ts';
import { connectDatabase } from '#server/db/connect.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { browserRequest, signUp, uniqueEmail } from '#tests/api-support/auth-helpers.ts';
import { buildAppOver, useTestApp } from '#tests/api-support/test-app.ts';
import { setUserRole } from './moderation.service.ts';

const t = useTestApp();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const script = path.join(root, 'scripts/grant-moderator.ts');
const run = promisify(execFile);

async function roleOf(email: string) {
  const row = await t.db
    .selectFrom('users')
    .select('role')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.role;
}

describe('setUserRole (what scripts/grant-moderator.ts does)', () => {
  it('grants and revokes the moderator role by normalised e-mail', async () => {
    const account = await signUp(t);
    expect(await roleOf(account.email)).toBe('member');
    const queue = () =>
      browserRequest(t, {
        method: 'GET',
        url: '/api/moderation/testimonies',
        cookie: account.cookie,
      });
    expect((await queue()).statusCode).toBe(403);

    const shouted = `  ${account.email.toUpperCase()} `;
    expect(
      await setUserRole({ db: t.db, clock: t.clock }, { email: shouted, role: 'moderator' }),
    ).toBe(true);
    expect(await roleOf(account.email)).toBe('moderator');
    expect((await queue()).statusCode).toBe(200);

    expect(
      await setUserRole({ db: t.db, clock: t.clock }, { email: account.email, role: 'member' }),
    ).toBe(true);
    expect(await roleOf(account.email)).toBe('member');
    expect((await queue()).statusCode).toBe(403);
  });

  it('answers false and changes nothing when no account has the e-mail', async () => {
    const bystander = await signUp(t);
    const found = await setUserRole(
      { db: t.db, clock: t.clock },
      { email: uniqueEmail('nobody'), role: 'moderator' },
    );
    expect(found).toBe(false);
    expect(await roleOf(bystander.email)).toBe('member');
  });
});

describe('npm run grant-moderator (child process on a DATA_DIR SQLite database)', () => {
  it('grants, revokes and refuses an unknown e-mail', { timeout: 60_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grounded-grant-'));
    const filename = path.join(dataDir, 'grounded.db');
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', MODERATOR_EMAILS: '' };
    const email = uniqueEmail('grant');
    try {
      // Sign up through the app on the very file the script will open.
      const database = connectDatabase({ dialect: 'sqlite', filename });
      await migrateToLatest(database.db, database.dialect);
      const config = { ...readConfig({}), dataDir, clientDir: path.join(dataDir, 'no-client') };
      const app = await buildAppOver(database, config);
      try {
        await signUp({ app, config }, { email });
      } finally {
        await app.close();
        await database.close();
      }

      const granted = await run(process.execPath, [script, email.toUpperCase()], { env });
      expect(granted.stdout).toContain(`${email} is now a moderator`);

      const check = connectDatabase({ dialect: 'sqlite', filename });
      const role = async () =>
        (
          await check.db
            .selectFrom('users')
            .select('role')
            .where('email', '=', email)
            .executeTakeFirstOrThrow()
        ).role;
      try {
        expect(await role()).toBe('moderator');

        const revoked = await run(process.execPath, [script, email, '--revoke'], { env });
        expect(revoked.stdout).toContain(`${email} is no longer a moderator`);
        expect(await role()).toBe('member');

        const unknown = uniqueEmail('missing');
        const failure = await run(process.execPath, [script, unknown], { env }).then(
          () => null,
          (error: { code: number; stderr: string }) => error,
        );
        expect(failure?.code).toBe(1);
        expect(failure?.stderr).toContain(`No account has the e-mail ${unknown}`);

        const usage = await run(process.execPath, [script], { env }).then(
          () => null,
          (error: { code: number; stderr: string }) => error,
        );
        expect(usage?.code).toBe(2);
        expect(usage?.stderr).toContain('Usage: npm run grant-moderator');
      } finally {
        await check.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
