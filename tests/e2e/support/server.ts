import { inject } from 'vitest';

/** One server the suite started (support/global-setup.ts). */
export type E2EServer = {
  baseURL: string;
  /** Its DATA_DIR: its SQLite database, and the e-mails it sends in <dataDir>/outbox/*.eml. */
  dataDir: string;
  /** What it writes to stdout and stderr. */
  logFile: string;
  /** The client build it serves (one build shared by every server). */
  clientDir: string;
};

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker: files that run at the same time never share a server. */
    e2eServers: E2EServer[];
  }
}

/**
 * The server of the worker running this file. Vitest numbers its workers from 1 (VITEST_POOL_ID)
 * and never gives a number to two files at once, so each server sees one file at a time, as when
 * the whole suite ran on one server: no file meets another's accounts, testimonies, moderation
 * queue or rate-limit counts half-way through.
 */
export function e2eServer(): E2EServer {
  const servers = inject('e2eServers');
  const index = Number(process.env.VITEST_POOL_ID ?? '1') - 1;
  const server = servers[index];
  if (!server) {
    throw new Error(`No e2e server for worker ${index + 1} (${servers.length} started)`);
  }
  return server;
}
