import path from 'node:path';
import pino from 'pino';
import { translationIds } from '#shared/bible/translations.ts';
import { buildApp } from './app.ts';
import { loadKingJamesVersion } from './bible/kjv.ts';
import { prepareSearch } from './bible/search/search.ts';
import { transliterationIndex } from './bible/search/strongs-search.ts';
import { createTranslations } from './bible/translations.ts';
import { systemClock } from './clock.ts';
import { readConfig } from './config.ts';
import { connectDatabase } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { resumeAccountDeletions } from './features/account/account-deletion.ts';
import { getVerseContent } from './features/verses/catalogue.service.ts';
import { startReminderScheduler, type ReminderScheduler } from './jobs/reminder-scheduler.ts';
import { startSearchIndexUpkeep, type SearchIndexUpkeep } from './jobs/search-index-upkeep.ts';
import { loadDevTools, refuseDevelopmentSettings } from './load-dev-tools.ts';
import { createMetrics } from './metrics.ts';
import { createPushSender } from './push.ts';
import { loadCommentary } from './study/commentary.ts';
import { crossReferenceRows } from './study/cross-references.ts';
import { paragraphStarts } from './study/paragraphs.ts';
import { usesOf } from './study/strongs-dictionary.ts';
import { strongsRows } from './study/strongs.ts';

const config = readConfig();
// Read before listening: a development setting (a simulated reminder clock) in production stops
// the start. The development tools (src/server/dev) are not even loaded there.
if (config.isProduction) refuseDevelopmentSettings(process.env);
const devTools = config.isProduction ? undefined : await loadDevTools();
const reminderSimulation = devTools?.readReminderSimulation(process.env);
const database = config.databaseUrl
  ? connectDatabase({ dialect: 'postgres', connectionString: config.databaseUrl })
  : connectDatabase({ dialect: 'sqlite', filename: path.join(config.dataDir, 'grounded.db') });

const applied = await migrateToLatest(database.db, database.dialect);
const bible = loadKingJamesVersion();
const translations = createTranslations(bible);
// One sender for the routes and the scheduler; it logs through the app's logger once built.
const push = createPushSender(config, database.db, {
  warn: (object, message) => app.log.warn(object, message),
});
// Log lines leave the main thread: a write is in flight while the next lines gather behind it,
// so under load many lines share one write and no request waits for the disk (a synchronous
// write per answered request cost a tenth of a list request's CPU). Lines gather
// up to 4 KB before a write, and at most a second (the timer below): a write per line or two
// cost a busy server a quarter of the CPU of a cached chapter's answer (docs/benchmarks.md, Chapter API). pino writes
// what is still buffered when the process exits.
const logStream = pino.destination({ dest: 1, sync: false, minLength: 4096 });
setInterval(() => {
  try {
    logStream.flush();
  } catch {
    // Closed while shutting down: pino has written the rest.
  }
}, 1000).unref();
const metrics = createMetrics({ eventLoopResolutionMs: config.eventLoopResolutionMs });
/** Set once every translation and the study data are read (the warm-up below): /api/ready. */
let isBibleLoaded = false;
const app = await buildApp({
  config,
  logStream,
  database,
  clock: systemClock,
  bible,
  translations,
  push,
  startedAt: systemClock.now().getTime(),
  metrics,
  isBibleLoaded: () => isBibleLoaded,
});
/** Background jobs, started once listening; hooks cannot be added after that. */
const jobs: { scheduler?: ReminderScheduler; searchIndexes?: SearchIndexUpkeep } = {};
app.addHook('onClose', async () => {
  // A reminder tick (or a merge step) in flight finishes before the database closes under it.
  await Promise.all([jobs.scheduler?.stop(), jobs.searchIndexes?.stop()]);
  await database.close();
});
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
// After listen, so a failing start never leaves a timer behind.
// Account deletions cut short by a crash or an outage are finished (decision 012).
resumeAccountDeletions(database.db, app.log).catch((error: unknown) =>
  app.log.error({ err: error }, 'Finishing interrupted account deletions failed.'),
);
const schedulerDeps = {
  db: database.db,
  translations,
  clock: systemClock,
  push,
  observe: metrics.observeReminderTick,
};
jobs.scheduler =
  devTools && reminderSimulation
    ? devTools.startSimulatedReminderScheduler(schedulerDeps, app.log, reminderSimulation)
    : startReminderScheduler(schedulerDeps, app.log);
jobs.searchIndexes = startSearchIndexUpkeep(database, app.log);
app.log.info(
  { dialect: database.dialect, verses: bible.verseCount },
  `Grounded is ready on ${config.publicUrl}`,
);
// Whoever watches the start sees it at once, not when the first lines have gathered.
logStream.flush();
// The other translations are read, indexed for search and their verse content (the catalogue,
// the daily verses, the mood suggestions) looked up once the server answers, not on the first
// reader's request.
// One step a turn of the event loop, so requests that come meanwhile are answered between them.
const warmSteps: (() => unknown)[] = translationIds.flatMap((id) => [
  () => translations.get(id),
  () => prepareSearch(translations.get(id)),
  () => getVerseContent(translations.get(id)),
]);
// The study data too (decision 023), each a step: the cross-references (2 MB, a few ms), the
// KJV's Strong's numbers, the commentary's 4 MB of text (about 12 ms), and the index of every
// Strong's number's uses (about 0.3 s, once): no reader's first study request pays for them.
warmSteps.push(
  () => crossReferenceRows(),
  () => strongsRows(),
  () => loadCommentary(),
  () => paragraphStarts(),
  () => usesOf(bible, 1),
);
const warmStarted = performance.now();
const warmNext = () => {
  const step = warmSteps.shift();
  if (!step) {
    const ms = Math.round(performance.now() - warmStarted);
    isBibleLoaded = true;
    app.log.info({ ms }, 'Translations read and indexed.');
    return;
  }
  step();
  setImmediate(warmNext).unref();
};
// What a one-word search looks up among the Strong's transliterations (about 0.2 s).
warmSteps.push(() => transliterationIndex());
setImmediate(warmNext).unref();
