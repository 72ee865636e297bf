// The restore drill of docs/operations.md, run as written: its shell blocks (```sh drill-...)
// are taken from the page and run with bash against a real server's database, so the steps an
// operator follows on a bad day cannot drift from what works. Between the backup and the restore
// someone signs up; after the restore, whoever signed up before the backup can sign in and the
// later one cannot (the backup's moment is what comes back).
import fs from 'node:fs';
import path from 'node:path';
import { tempDir } from '#tests/reliability/support/cleanup.ts';
import { runCommand, type CommandRun } from '#tests/reliability/support/command.ts';
import { findPostgresBin } from '#tests/reliability/support/postgres-cluster.ts';
import { check, type ScenarioResult } from '#tests/reliability/support/result.ts';
import {
  freePort,
  root,
  serverEnv,
  startServer,
  type DatabaseTarget,
  type ServerProcess,
} from '#tests/reliability/support/server.ts';

const operationsFile = path.join(root, 'docs/operations.md');

/** The shell block of docs/operations.md opened with ```sh <name>; fails when there is none. */
export function drillBlock(page: string, name: string): string {
  const match = new RegExp(`\`\`\`sh ${name}\\n([\\s\\S]*?)\`\`\``).exec(page);
  if (!match?.[1]) throw new Error(`docs/operations.md has no \`\`\`sh ${name} block`);
  return match[1];
}

async function signUp(server: ServerProcess, email: string): Promise<number> {
  const response = await fetch(`${server.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email, password: 'correct horse battery', display_name: 'Drill' }),
  });
  await response.arrayBuffer();
  return response.status;
}

async function signIn(server: ServerProcess, email: string): Promise<number> {
  const response = await fetch(`${server.url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email, password: 'correct horse battery' }),
  });
  await response.arrayBuffer();
  return response.status;
}

function bash(script: string, env: NodeJS.ProcessEnv): Promise<CommandRun> {
  return runCommand('bash', ['-euo', 'pipefail', '-c', script], env);
}

export async function runDrill(target: DatabaseTarget): Promise<ScenarioResult> {
  const started = performance.now();
  const page = fs.readFileSync(operationsFile, 'utf8');
  const backupSteps = drillBlock(page, `drill-backup-${target.dialect}`);
  const restoreSteps = drillBlock(page, `drill-restore-${target.dialect}`);
  // The steps' environment: the server's settings, as /etc/grounded/grounded.env gives them, and
  // PostgreSQL's tools on PATH.
  const pgBin = findPostgresBin();
  const env = {
    ...serverEnv(target),
    BACKUP_DIR: tempDir(`drill-${target.dialect}`),
    PATH: [pgBin, process.env.PATH].filter(Boolean).join(':'),
  };
  const port = await freePort();
  let server = await startServer(target, port);
  const before = `before-${target.dialect}@drill.test`;
  const after = `after-${target.dialect}@drill.test`;
  let restored: ServerProcess | undefined;
  try {
    const signedUpBefore = await signUp(server, before);
    const backup = await bash(backupSteps, env);
    const signedUpAfter = await signUp(server, after);
    await server.stop();
    const restore = await bash(restoreSteps, env);
    restored = await startServer(target, port);
    server = restored;
    const beforeSignsIn = await signIn(restored, before);
    const afterSignsIn = await signIn(restored, after);
    const backupFiles = fs.readdirSync(env.BACKUP_DIR);
    return {
      section: 'backups',
      title: `The restore drill of docs/operations.md on ${target.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`,
      checks: [
        check(
          'the drill’s backup steps run as written and leave a backup',
          signedUpBefore === 201 && backup.code === 0 && backupFiles.length > 0,
          `sign-up before: ${signedUpBefore}; backup steps exit ${backup.code}` +
            `${backup.code === 0 ? '' : `: ${backup.output.trim().slice(-400)}`}; ` +
            `in the backup folder: ${backupFiles.join(', ') || 'nothing'}`,
        ),
        check(
          'its restore steps bring back the moment of the backup',
          signedUpAfter === 201 &&
            restore.code === 0 &&
            beforeSignsIn === 200 &&
            afterSignsIn === 401,
          `sign-up after the backup: ${signedUpAfter}; restore steps exit ${restore.code}` +
            `${restore.code === 0 ? '' : `: ${restore.output.trim().slice(-400)}`}; after the ` +
            `restore, the one who signed up before signs in (${beforeSignsIn}), the later one ` +
            `does not (${afterSignsIn})`,
        ),
      ],
      figures: [],
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await server.stop();
  }
}
