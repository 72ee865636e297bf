// The data export of a big account streams, so the server's memory stays
// bounded. One member with 10,000 journal entries and 5,000 saved verses is seeded straight
// into the database of a server running in its own process (as `npm start` runs it); the
// bench downloads the export as a browser would (compressed, read as it arrives) and samples
// the server's resident set (VmRSS in /proc/<pid>/status) every 20 ms meanwhile.
// Target: RSS grows by at most 50 MB. Run alone: node bench/export-memory.ts
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { connectDatabase, type DatabaseHandle } from '#server/db/connect.ts';
import { newRowId } from '#server/db/ids.ts';
import { startAppServer, type AppServer } from './app-server.ts';

export const exportMemoryTargetMb = 50;
export const sampleEveryMs = 20;

export type ExportMemoryOptions = {
  /** PostgreSQL URL; unset means SQLite in the server's DATA_DIR. */
  databaseUrl?: string;
  journalEntries?: number;
  savedVerses?: number;
};

export type ExportMemoryResult = {
  database: 'SQLite' | 'PostgreSQL';
  journalEntries: number;
  savedVerses: number;
  /** The export as it came over the wire, and its content-encoding ('plain' if none). */
  bytesSent: number;
  encoding: string;
  /** The document's size once decoded (read again, uncompressed, after the measurement). */
  documentBytes: number;
  durationMs: number;
  /** VmRSS just before the download, the highest sample during it, and the difference. */
  rssBeforeMb: number;
  rssPeakMb: number;
  rssGrowthMb: number;
  samples: number;
  targetMb: number;
  isMet: boolean;
};

/** VmRSS of a process in MB (MiB), or null once it has gone. */
export function rssMb(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb === undefined ? null : Number(kb) / 1024;
  } catch {
    return null;
  }
}

export async function signUp(server: AppServer): Promise<{ id: string; cookie: string }> {
  const response = await fetch(`${server.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({
      email: `bench-export-${randomUUID()}@example.com`,
      password: `bench-${randomUUID()}`,
      display_name: 'Bench Exporter',
    }),
  });
  if (response.status !== 201) {
    throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  }
  const { user } = (await response.json()) as { user: { id: string } };
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (!cookie) throw new Error('sign-up set no session cookie');
  return { id: user.id, cookie };
}

const entryText =
  'Read Psalm 23 this morning and sat with it for a while. Grateful for quiet, and for the ' +
  'reminder that I am led beside still waters even on a busy day. Prayed for my sister and ' +
  'for patience at work; wrote down three things I am thankful for and the verse to carry ' +
  'into the afternoon.';

export async function insertRows(database: DatabaseHandle, table: string, rows: object[]) {
  for (let i = 0; i < rows.length; i += 200) {
    await database.db
      .insertInto(table as 'journal_entries')
      .values(rows.slice(i, i + 200) as never)
      .execute();
  }
}

/** Journal entries a minute apart, and saved verses with distinct references. */
async function seed(
  database: DatabaseHandle,
  userId: string,
  journalEntries: number,
  savedVerses: number,
) {
  const start = Date.now() - journalEntries * 60_000;
  const at = (i: number) => new Date(start + i * 60_000).toISOString();
  await insertRows(
    database,
    'journal_entries',
    Array.from({ length: journalEntries }, (_, i) => ({
      id: newRowId(),
      user_id: userId,
      title: i % 5 === 0 ? null : `Morning reflection ${i + 1}`,
      content: `${entryText} (${i + 1})`,
      emotion_tags: i % 2 ? ['Grateful', 'Peaceful'] : ['Hopeful'],
      verse_reference: i % 3 ? 'Psalms 23:2' : null,
      created_at: at(i),
      updated_at: at(i),
    })),
  );
  await insertRows(
    database,
    'saved_verses',
    Array.from({ length: savedVerses }, (_, i) => ({
      id: newRowId(),
      user_id: userId,
      text: 'The LORD is my shepherd; I shall not want. He maketh me to lie down in green pastures.',
      reference: `Psalms ${(i % 150) + 1}:${Math.floor(i / 150) + 1}`,
      theme: 'Peace',
      emotion_tag: i % 3 === 0 ? 'Peace' : null,
      custom_note: i % 10 === 0 ? 'A verse to come back to.' : null,
      created_at: at(i),
    })),
  );
}

/**
 * Downloads the export, reading it as it arrives, without decoding it (node:http, not fetch,
 * which would decompress): returns the bytes as sent, their encoding and, when asked for plain,
 * the text.
 */
export function download(url: string, headers: Record<string, string>) {
  return new Promise<{ bytes: number; encoding: string; text: string }>((resolve, reject) => {
    const request = http.get(url, { headers }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`GET /api/account/export answered ${response.statusCode}`));
        return;
      }
      let bytes = 0;
      const chunks: Buffer[] = [];
      const keep = headers['accept-encoding'] === 'identity';
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (keep) chunks.push(chunk);
      });
      response.on('end', () =>
        resolve({
          bytes,
          encoding: String(response.headers['content-encoding'] ?? 'plain'),
          text: keep ? Buffer.concat(chunks).toString('utf8') : '',
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** A server in its own process, a connection to its database, and two members signed up. */
export type MeasuredServer = {
  server: AppServer;
  database: DatabaseHandle;
  pid: number;
  /** The member whose data is seeded and downloaded. */
  member: { id: string; cookie: string };
  /** A member with nothing, whose small download first loads the code used on first use. */
  warmUp: { id: string; cookie: string };
};

/**
 * Starts a server in a child process (SQLite unless databaseUrl) as `npm start` runs it, opens
 * its database for seeding and signs up two members; `measure` runs, then all is stopped.
 */
export async function withMeasuredServer<T>(
  options: { databaseUrl?: string },
  measure: (measured: MeasuredServer) => Promise<T>,
): Promise<T> {
  const server = await startAppServer(
    options.databaseUrl ? { databaseUrl: options.databaseUrl } : {},
  );
  const database = options.databaseUrl
    ? connectDatabase({ dialect: 'postgres', connectionString: options.databaseUrl })
    : connectDatabase({
        dialect: 'sqlite',
        filename: path.join(server.dir, 'data', 'grounded.db'),
      });
  const pid = server.child.process.pid;
  if (pid === undefined) throw new Error('the server has no pid');
  try {
    const member = await signUp(server);
    const warmUp = await signUp(server);
    return await measure({ server, database, pid, member, warmUp });
  } finally {
    await database.close();
    await server.stop();
  }
}

/** What the server's resident set did while `work` ran, sampled every 20 ms. */
export type RssDuring<T> = {
  result: T;
  durationMs: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  samples: number;
};

/** Runs `work` (a download) while sampling the server's VmRSS, after a 200 ms settle. */
export async function rssDuring<T>(pid: number, work: () => Promise<T>): Promise<RssDuring<T>> {
  await new Promise((resolve) => setTimeout(resolve, 200));
  const rssBeforeMb = rssMb(pid) ?? 0;
  let rssPeakMb = rssBeforeMb;
  let samples = 0;
  const timer = setInterval(() => {
    const value = rssMb(pid);
    if (value === null) return;
    samples += 1;
    rssPeakMb = Math.max(rssPeakMb, value);
  }, sampleEveryMs);
  const startedAt = performance.now();
  let result: T;
  try {
    result = await work();
  } finally {
    clearInterval(timer);
  }
  const durationMs = performance.now() - startedAt;
  rssPeakMb = Math.max(rssPeakMb, rssMb(pid) ?? 0);
  return { result, durationMs, rssBeforeMb, rssPeakMb, samples };
}

/**
 * Starts a server in a child process (SQLite unless databaseUrl), seeds one member, and measures
 * the server's RSS growth while that member's export is downloaded. The server is stopped after.
 */
export async function measureExportMemory(
  options: ExportMemoryOptions = {},
): Promise<ExportMemoryResult> {
  const journalEntries = options.journalEntries ?? 10_000;
  const savedVerses = options.savedVerses ?? 5_000;
  return withMeasuredServer(options, async ({ server, database, pid, member, warmUp }) => {
    await seed(database, member.id, journalEntries, savedVerses);
    const url = `${server.url}/api/account/export`;
    // As Chromium asks: the server picks brotli and compresses the stream as it goes.
    const browserHeaders = (cookie: string) => ({
      cookie,
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    // A small export first, so that code loaded on first use is not counted as growth.
    await download(url, browserHeaders(warmUp.cookie));
    const measured = await rssDuring(pid, () => download(url, browserHeaders(member.cookie)));
    const { result: sent, durationMs, rssBeforeMb, rssPeakMb, samples } = measured;

    // Not measured: the document again, plain, to check it holds every row.
    const plain = await download(url, { cookie: member.cookie, 'accept-encoding': 'identity' });
    const document = JSON.parse(plain.text) as Record<string, unknown[] | undefined>;
    if (document.journal_entries?.length !== journalEntries) {
      throw new Error(`the export holds ${document.journal_entries?.length} journal entries`);
    }
    if (document.saved_verses?.length !== savedVerses) {
      throw new Error(`the export holds ${document.saved_verses?.length} saved verses`);
    }
    const rssGrowthMb = rssPeakMb - rssBeforeMb;
    return {
      database: options.databaseUrl ? 'PostgreSQL' : 'SQLite',
      journalEntries,
      savedVerses,
      bytesSent: sent.bytes,
      encoding: sent.encoding,
      documentBytes: Buffer.byteLength(plain.text),
      durationMs,
      rssBeforeMb,
      rssPeakMb,
      rssGrowthMb,
      samples,
      targetMb: exportMemoryTargetMb,
      isMet: rssGrowthMb <= exportMemoryTargetMb,
    } satisfies ExportMemoryResult;
  });
}

/** One line for docs/benchmarks.md. */
export function describeExportMemory(result: ExportMemoryResult): string {
  const mb = (value: number) => `${value.toFixed(1)} MB`;
  return (
    `${result.database}: export of ${result.journalEntries.toLocaleString('en-US')} journal entries and ` +
    `${result.savedVerses.toLocaleString('en-US')} saved verses (${mb(result.documentBytes / 2 ** 20)} of JSON, ` +
    `${mb(result.bytesSent / 2 ** 20)} sent ${result.encoding}) in ${Math.round(result.durationMs)} ms; server RSS ` +
    `${mb(result.rssBeforeMb)} → peak ${mb(result.rssPeakMb)}: grows ${mb(result.rssGrowthMb)} ` +
    `(${result.samples} samples every ${sampleEveryMs} ms; target ≤ ${result.targetMb} MB: ${result.isMet ? 'met' : '**not met**'}).`
  );
}

if (import.meta.main) {
  const result = await measureExportMemory({
    ...(process.env.BENCH_DATABASE_URL ? { databaseUrl: process.env.BENCH_DATABASE_URL } : {}),
  });
  console.log(describeExportMemory(result));
}
