// The last release built beside this checkout, for the front end's comparison in the same run
// (bench/frontend.ts): a detached `git worktree` of the commit under the temp dir, sharing this
// checkout's node_modules (a symlink), built with `npm run build`. Removed when the bench ends,
// unless BENCH_KEEP_BASELINE=1 keeps it (and its build) for the next run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onCleanup } from './cleanup.ts';

const root = path.resolve(import.meta.dirname, '..');

/** The commit compared with: BENCH_BASELINE, or the one this round of work started from. */
export const baselineCommit = process.env.BENCH_BASELINE ?? '8dbc5eb6';

function git(args: string[], cwd = root): string {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`git ${args.join(' ')} failed: ${result.stderr.trim()}`);
  }
  return result.stdout.trim();
}

export type BaselineBuild = {
  /** The full commit id and its first line. */
  commit: string;
  subject: string;
  /** The checkout, to run its server from; its build is in dist/client. */
  root: string;
  clientDir: string;
  /**
   * Whether this checkout's app (client, server and what builds them) is the same as the
   * commit's: then the comparison measures the machine's noise alone.
   */
  sameApp: boolean;
};

/** What the app is made of: a change elsewhere (tests, docs, the bench) changes no screen. */
export const appPaths = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'scripts/prerender-plugin.ts',
  'scripts/font-preload-plugin.ts',
  'package-lock.json',
];

export function prepareBaselineBuild(commitish = baselineCommit): BaselineBuild {
  const commit = git(['rev-parse', '--verify', `${commitish}^{commit}`]);
  const subject = git(['log', '-1', '--format=%s', commit]);
  const dir = path.join(os.tmpdir(), `grounded-bench-baseline-${commit.slice(0, 12)}`);
  const clientDir = path.join(dir, 'dist/client');
  const built = path.join(clientDir, 'index.html');
  if (!fs.existsSync(path.join(dir, '.git'))) {
    // A worktree left registered by a run that died before removing it.
    spawnSync('git', ['worktree', 'prune'], { cwd: root });
    git(['worktree', 'add', '--detach', dir, commit]);
  }
  if (process.env.BENCH_KEEP_BASELINE !== '1') {
    onCleanup(() => {
      spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd: root });
      fs.rmSync(dir, { recursive: true, force: true });
    });
  }
  const modules = path.join(dir, 'node_modules');
  if (!fs.existsSync(modules)) {
    fs.symlinkSync(fs.realpathSync(path.join(root, 'node_modules')), modules);
  }
  if (!fs.existsSync(built)) {
    console.log(`  building the baseline ${commit.slice(0, 8)} in ${dir}`);
    const result = spawnSync('npm', ['run', 'build', '--silent'], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (result.status !== 0) throw new Error(`The baseline's build failed (exit ${result.status})`);
  }
  const sameApp =
    spawnSync('git', ['diff', '--quiet', commit, '--', ...appPaths], { cwd: root }).status === 0;
  return { commit, subject, root: dir, clientDir, sameApp };
}
