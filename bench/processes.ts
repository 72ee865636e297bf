// Child processes for the bench: a free loopback port, a child that logs to a file, waiting
// until it answers, and stopping it (gracefully, then for good). Every child is registered
// with cleanup.ts, so a failed run never leaves one behind.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { onCleanup } from './cleanup.ts';

export { freePort } from '#scripts/lib/free-port.ts';

export type Child = {
  process: ChildProcess;
  logFile: string;
  /** SIGTERM (or the given signal), then SIGKILL after 10 s; resolves once it has exited. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
};

/** Starts a command with stdout and stderr appended to logFile, and registers its cleanup. */
export function startChild(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; logFile: string },
): Child {
  const log = fs.openSync(options.logFile, 'a');
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const kill = (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  // The exit hook cannot wait: SIGTERM lets nginx's master take its workers down with it.
  const forget = onCleanup(() => kill('SIGTERM'));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    kill(signal);
    const timer = setTimeout(() => kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
    forget();
  };
  return { process: child, logFile: options.logFile, stop };
}

/** Polls url until it answers 2xx; fails with the end of the child's log if it exits or stalls. */
export async function waitUntilAnswering(url: string, child: Child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.process.exitCode !== null || child.process.signalCode !== null) {
      throw new Error(`${url} exited before answering; log:\n${tail(child.logFile)}`);
    }
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      throw new Error(`${url} did not answer within ${timeoutMs} ms; log:\n${tail(child.logFile)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export function tail(file: string, lines = 20): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux

/** user + system CPU time (ms) of a process and its direct children, from /proc; null elsewhere. */
export function cpuMsOfTree(rootPid: number): number | null {
  if (!fs.existsSync('/proc/self/stat')) return null;
  let ticks = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // it exited meanwhile
    }
    // Fields after "pid (comm) ": state ppid ... utime is the 14th field, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(entry) === rootPid || Number(fields[1]) === rootPid) {
      ticks += Number(fields[11]) + Number(fields[12]);
    }
  }
  return ticks / ticksPerMs;
}
