import os from 'node:os';
import { defineConfig } from 'vitest/config';

/** E2E_WORKERS: how many e2e files run at a time, each against a server of its own. */
function e2eWorkers(): number {
  const value = process.env.E2E_WORKERS || '1';
  const workers = Number(value);
  if (!Number.isInteger(workers) || workers < 1) {
    throw new Error(`E2E_WORKERS must be a whole number of at least 1, got "${value}"`);
  }
  return workers;
}

// Four suites with different needs, run separately by npm scripts: unit (pure code), component
// (React screens and parts in happy-dom with Testing Library), api (Fastify + a real database per
// test file), e2e (built server + chromium).
export default defineConfig({
  test: {
    // One file per core. Vitest's default leaves a core free (one worker on a two-core machine),
    // which halved the speed of the API suite for nothing: its files wait on their databases.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'src/shared/**/*.test.ts',
            'src/client/**/*.test.ts',
            'scripts/**/*.test.ts',
            'deploy/**/*.test.ts',
            // The bench's pure parts (its calibration and trace arithmetic), not the bench itself.
            'bench/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'component',
          include: ['src/client/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['src/client/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          // The server's own tests sit beside its code; the hostile-input suite, which drives the
          // whole API, lives with the other test-only code under tests/.
          include: ['src/server/**/*.test.ts', 'tests/hostile/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/api-support/fail-on-console-error.ts'],
          // Each file creates its own database (SQLite file or PostgreSQL schema), so files can
          // run side by side.
          fileParallelism: true,
          // The files of a worker share their modules (the Bible text, the study data, the server's
          // code) instead of importing them again for each of the 106 files: the suite takes a
          // third of the time. Nothing a file does outlives it: each builds its own app on its
          // own database and closes both.
          isolate: false,
          // The sign-in limit tests hash a few dozen passwords (argon2id, slow on purpose) in one
          // test; with every file running at once on two cores that can take longer than 5 s.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          // E2E_WORKERS files at a time (one by default), each worker with a server of its own
          // (support/server.ts): the files that share a server still run one after another. On
          // two cores a second worker gained nothing: the nine files that two workers ran in
          // 1,114 s took 972 s one after another, as the browser and the server keep both cores
          // busy. CI stays at one; a machine with more cores can ask for more.
          maxWorkers: e2eWorkers(),
          // A group of its own, after the other projects: Vitest runs projects of one group side
          // by side and refuses different maxWorkers within a group (a plain `vitest run`).
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // What a person sees can take a few seconds on a busy two-core machine (the server and
          // the browser share it); expect.poll's one second made such checks fail at random.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
