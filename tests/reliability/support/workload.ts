// The mixed workload: people browsing chapters and searching (no database), and signed-in people
// saving verses and writing journal entries (one write each). A fixed pool of workers, one
// request at a time each, so that every request's outcome and every acknowledged write is known.
import { loadKingJamesVersion } from '#server/bible/kjv.ts';
import { books } from '#shared/bible/books.ts';
import { parseVerseText } from '#shared/bible/verse-text.ts';
import type { SeededUser, WrittenTable } from './database.ts';
import { createAgent, send, type HttpRequest } from './http.ts';

export type OperationKind = 'chapter' | 'search' | 'save-verse' | 'journal-entry' | 'session';

/** Relative weights of the operations; kinds left out are not sent. */
export type Mix = Partial<Record<OperationKind, number>>;

export type RequestRecord = {
  kind: OperationKind;
  status: number;
  isOk: boolean;
  /** Milliseconds since the workload started. */
  startedAt: number;
  ms: number;
  /** For a failure: the socket error, or the start of the body. */
  failure?: string;
  /** For a failure with a JSON body: its `error` code and `message`. */
  errorBody?: { error?: unknown; message?: unknown };
  /** The id of the row an acknowledged write created. */
  written?: { table: WrittenTable; id: string };
};

export type Workload = {
  /** performance.now() when the workload started; records' startedAt count from here. */
  origin: number;
  records: RequestRecord[];
  /** Ends the workload; in-flight requests still finish (or fail) and are recorded. */
  stop: () => void;
  done: Promise<{ records: RequestRecord[]; elapsedMs: number }>;
};

const chapters = books.flatMap((book) =>
  Array.from(
    { length: book.chapters },
    (_, i) => `/api/bible/${encodeURIComponent(book.name)}/${i + 1}`,
  ),
);

/** Single words, phrases and references, as people type them. */
const searches = [
  'love',
  'faith',
  'peace',
  'shepherd',
  'forgive',
  'strength',
  'fear not',
  'the lord is my shepherd',
  '"love one another"',
  'in the beginning',
  'light of the world',
  'grace and mercy',
  'be still and know',
  'hope',
  'rejoice',
  'wisdom',
  'comfort',
  'John 3:16',
  'ps 23',
  'Romans 8:28',
  'Philippians 4',
  'Isaiah 41:10',
  'jer 29:11',
  'matthew 5',
].map((q) => `/api/bible/search?q=${encodeURIComponent(q)}`);

// Every verse of the KJV, in order. A verse is saved once per person (a repeat save answers 200
// with the row already there), so each person's saves walk through verses they have not saved.
const bible = loadKingJamesVersion();
const allVerses = bible.chapters.flatMap((chapters, bookIndex) =>
  chapters.flatMap((verses, chapterIndex) =>
    verses.map((text, verseIndex) => ({
      reference: `${books[bookIndex]?.name ?? ''} ${chapterIndex + 1}:${verseIndex + 1}`,
      text: parseVerseText(text).plain,
    })),
  ),
);
const themes = ['Love', 'Comfort', 'Strength', 'Courage', 'Peace', 'Hope'];

/** How many verses each person has saved in this process, across workloads. */
const savedCount = new Map<string, number>();

function nextVerseFor(user: SeededUser): { reference: string; text: string; theme: string } {
  const n = savedCount.get(user.id) ?? 0;
  savedCount.set(user.id, n + 1);
  const verse = allVerses[n % allVerses.length] as { reference: string; text: string };
  return { ...verse, theme: themes[n % themes.length] as string };
}

const feelings = ['Peaceful', 'Grateful', 'Hopeful', 'Blessed'];

function pick<T>(list: readonly T[]): T {
  return list[Math.floor(Math.random() * list.length)] as T;
}

const expectedStatus: Record<OperationKind, number> = {
  chapter: 200,
  search: 200,
  'save-verse': 201,
  'journal-entry': 201,
  session: 200,
};

const writtenTable: Partial<Record<OperationKind, WrittenTable>> = {
  'save-verse': 'saved_verses',
  'journal-entry': 'journal_entries',
};

/** What a browser sends: compressed reads; writes with the site's Origin (the CSRF check). */
function buildRequest(
  kind: OperationKind,
  user: SeededUser,
  origin: string,
  n: number,
): HttpRequest {
  const signedIn = { cookie: user.cookie };
  switch (kind) {
    case 'chapter':
      return { method: 'GET', path: pick(chapters), headers: { 'accept-encoding': 'br, gzip' } };
    case 'search':
      return { method: 'GET', path: pick(searches), headers: { 'accept-encoding': 'br, gzip' } };
    case 'session':
      return { method: 'GET', path: '/api/auth/session', headers: signedIn };
    case 'save-verse':
      return {
        method: 'POST',
        path: '/api/saved-verses',
        headers: { ...signedIn, origin },
        json: nextVerseFor(user),
      };
    case 'journal-entry':
      return {
        method: 'POST',
        path: '/api/journal',
        headers: { ...signedIn, origin },
        json: {
          title: `Evening ${n}`,
          content: `Entry ${n}: thankful for a quiet walk and for Psalm 23 this evening.`,
          emotion_tags: [pick(feelings)],
        },
      };
  }
}

function parseJson(body: Buffer): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    return typeof value === 'object' && value !== null
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts `concurrency` workers sending the mix as people (random users from the list) until
 * stop() is called or durationMs has passed.
 */
export function startWorkload(options: {
  baseUrl: string;
  users: SeededUser[];
  mix: Mix;
  concurrency: number;
  durationMs?: number;
  /** A request with no answer after this long is recorded as a failure. */
  timeoutMs?: number;
}): Workload {
  const { baseUrl, users, mix, concurrency, durationMs, timeoutMs = 30_000 } = options;
  const kinds = Object.entries(mix).filter(([, weight]) => weight > 0) as [OperationKind, number][];
  const totalWeight = kinds.reduce((sum, [, weight]) => sum + weight, 0);
  const pickKind = (): OperationKind => {
    let roll = Math.random() * totalWeight;
    for (const [kind, weight] of kinds) {
      roll -= weight;
      if (roll < 0) return kind;
    }
    return kinds[0]?.[0] ?? 'chapter';
  };
  const agent = createAgent(concurrency);
  const records: RequestRecord[] = [];
  const origin = performance.now();
  let isStopped = false;
  let sent = 0;

  const worker = async () => {
    while (!isStopped && (durationMs === undefined || performance.now() - origin < durationMs)) {
      const kind = pickKind();
      sent += 1;
      const outcome = await send(
        agent,
        baseUrl,
        buildRequest(kind, pick(users), baseUrl, sent),
        timeoutMs,
      );
      const isOk = outcome.status === expectedStatus[kind];
      const record: RequestRecord = {
        kind,
        status: outcome.status,
        isOk,
        startedAt: outcome.startedAt - origin,
        ms: outcome.ms,
      };
      const table = writtenTable[kind];
      if (isOk && table) {
        const id = parseJson(outcome.body)?.id;
        if (typeof id === 'string') record.written = { table, id };
        else {
          record.isOk = false;
          record.failure = `${outcome.status} without the id of the new row`;
        }
      }
      if (!isOk) {
        record.failure =
          outcome.error ?? `${outcome.status} ${outcome.body.toString('utf8').slice(0, 200)}`;
        const body = parseJson(outcome.body);
        if (body) record.errorBody = { error: body.error, message: body.message };
      }
      records.push(record);
    }
  };

  const done = Promise.all(Array.from({ length: concurrency }, worker)).then(() => {
    agent.destroy();
    return { records, elapsedMs: performance.now() - origin };
  });
  return { origin, records, stop: () => (isStopped = true), done };
}
