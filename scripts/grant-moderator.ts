// Makes an existing account a testimony moderator (or, with --revoke, a member again):
//   npm run grant-moderator -- someone@example.com [--revoke]
// Connects like src/server/main.ts: DATABASE_URL (PostgreSQL) or DATA_DIR/grounded.db (SQLite).
import path from 'node:path';
import { systemClock } from '#server/clock.ts';
import { readConfig } from '#server/config.ts';
import { connectDatabase } from '#server/db/connect.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { setUserRole } from '#server/features/moderation/moderation.service.ts';

const usage = 'Usage: npm run grant-moderator -- email@example.com [--revoke]';

const args = process.argv.slice(2);
const revoke = args.includes('--revoke');
const unknownFlags = args.filter((arg) => arg.startsWith('-') && arg !== '--revoke');
const emails = args.filter((arg) => !arg.startsWith('-'));

if (unknownFlags.length > 0 || emails.length !== 1 || !emails[0]?.includes('@')) {
  console.error(unknownFlags.length > 0 ? `Unknown option ${unknownFlags.join(' ')}.` : usage);
  if (unknownFlags.length > 0) console.error(usage);
  process.exit(2);
}

const email = emails[0].trim().toLowerCase();
const role = revoke ? 'member' : 'moderator';
const config = readConfig();
const database = config.databaseUrl
  ? connectDatabase({ dialect: 'postgres', connectionString: config.databaseUrl })
  : connectDatabase({ dialect: 'sqlite', filename: path.join(config.dataDir, 'grounded.db') });

try {
  await migrateToLatest(database.db, database.dialect);
  const found = await setUserRole({ db: database.db, clock: systemClock }, { email, role });
  if (!found) {
    console.error(`No account has the e-mail ${email}. Sign up first, then run this again.`);
    process.exitCode = 1;
  } else if (revoke) {
    console.log(`${email} is no longer a moderator.`);
  } else {
    console.log(`${email} is now a moderator and can review testimonies.`);
  }
} catch (error) {
  console.error(`Could not change the role: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
