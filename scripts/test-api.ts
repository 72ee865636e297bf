// Runs the API test suite (vitest project "api") on SQLite, then on PostgreSQL when
// TEST_DATABASE_URL is set. Extra arguments go to vitest: node scripts/test-api.ts src/server/db
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitest = path.join(root, 'node_modules', '.bin', 'vitest');

type Run = { label: string; dialect: 'sqlite' | 'postgres' };

/** host:port/database of a connection string, never its user or password. */
function describeDatabase(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    return `${url.host}${url.pathname}`;
  } catch {
    return 'TEST_DATABASE_URL is not a valid URL';
  }
}

function runSuite({ label, dialect }: Run): boolean {
  console.log(`\n=== ${label} ===\n`);
  const result = spawnSync(vitest, ['run', '--project', 'api', ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, GROUNDED_TEST_DIALECT: dialect },
  });
  if (result.error) console.error(`Could not start vitest: ${result.error.message}`);
  return result.status === 0;
}

const runs: Run[] = [{ label: 'API tests on SQLite', dialect: 'sqlite' }];
const databaseUrl = process.env.TEST_DATABASE_URL;
if (databaseUrl) {
  runs.push({
    label: `API tests on PostgreSQL (${describeDatabase(databaseUrl)})`,
    dialect: 'postgres',
  });
}

const results = runs.map((run) => ({ label: run.label, passed: runSuite(run) }));

console.log('');
for (const { label, passed } of results) console.log(`${passed ? 'PASS' : 'FAIL'}  ${label}`);
if (!databaseUrl) {
  console.log('SKIP  API tests on PostgreSQL: skipped because TEST_DATABASE_URL is not set');
}
process.exitCode = results.every((result) => result.passed) ? 0 : 1;
