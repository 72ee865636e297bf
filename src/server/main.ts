import path from 'node:path';
import { buildApp } from './app.ts';
import { loadBible } from './bible/kjv.ts';
import { systemClock } from './clock.ts';
import { readConfig } from './config.ts';
import { connectDatabase } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';

const config = readConfig();
const database = config.databaseUrl
  ? connectDatabase({ dialect: 'postgres', connectionString: config.databaseUrl })
  : connectDatabase({ dialect: 'sqlite', filename: path.join(config.dataDir, 'grounded.db') });

const applied = await migrateToLatest(database.db, database.dialect);
const bible = loadBible();
const app = await buildApp({
  config,
  database,
  clock: systemClock,
  bible,
  startedAt: systemClock.now().getTime(),
});
app.addHook('onClose', async () => database.close());
if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');

let isShuttingDown = false;
async function shutDown(signal: string): Promise<void> {
  if (isShuttingDown) return;
  isShuttingDown = true;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => {
    app.log.error('shutdown took longer than 10 s; exiting');
    process.exit(1);
  }, 10_000);
  timer.unref();
  await app.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutDown('SIGTERM'));
process.on('SIGINT', () => void shutDown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  { dialect: database.dialect, verses: bible.verseCount },
  `Grounded is ready on ${config.publicUrl}`,
);
