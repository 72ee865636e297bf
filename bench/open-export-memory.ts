// The open exports (decision 026) stream as the JSON export does, so the server's memory stays
// bounded. One member with 10,000 notes on verses (every third verse from Genesis on, the verse
// text of each looked up and quoted) and 5,000 journal entries is seeded straight into the
// database of a server running in its own process (as `npm start` runs it); the bench downloads
// the Markdown zip and then the CSV zip, reading each as it arrives, and samples the server's
// resident set (VmRSS in /proc/<pid>/status) every 20 ms meanwhile.
// Target: RSS grows by at most 50 MB. Run alone: node bench/open-export-memory.ts
import { newRowId } from '#server/db/ids.ts';
import { verseAt } from '#shared/bible/verse-index.ts';
import { unzip } from '#tests/api-support/unzip.ts';
import {
  download,
  exportMemoryTargetMb,
  insertRows,
  rssDuring,
  sampleEveryMs,
  withMeasuredServer,
} from './export-memory.ts';

export type OpenExportMemoryResult = {
  database: 'SQLite' | 'PostgreSQL';
  format: 'markdown' | 'csv';
  notes: number;
  journalEntries: number;
  zipBytes: number;
  durationMs: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssGrowthMb: number;
  samples: number;
  isMet: boolean;
};

const noteText =
  'This verse met me this morning. I wrote it on a card for the fridge and prayed it over the ' +
  'day; coming back to it tonight, grateful for how it held.';

/**
 * Starts a server in a child process (SQLite unless databaseUrl), seeds one member, and measures
 * the server's RSS growth while that member's Markdown zip, then CSV zip, are downloaded.
 */
export async function measureOpenExportMemory(
  options: { databaseUrl?: string; notes?: number; journalEntries?: number } = {},
): Promise<OpenExportMemoryResult[]> {
  const notes = options.notes ?? 10_000;
  const journalEntries = options.journalEntries ?? 5_000;
  return withMeasuredServer(options, async ({ server, database, pid, member, warmUp }) => {
    const start = Date.now() - notes * 60_000;
    const at = (i: number) => new Date(start + i * 60_000).toISOString();
    await insertRows(
      database,
      'verse_notes',
      Array.from({ length: notes }, (_, i) => {
        const verse = (i * 3) % 31_102;
        const place = verseAt(verse);
        return {
          id: newRowId(),
          user_id: member.id,
          book_index: place?.bookIndex ?? 0,
          first_verse: verse,
          last_verse: verse,
          text: `${noteText} (${i + 1})`,
          tags: i % 2 ? ['grace', 'morning'] : ['hope'],
          created_at: at(i),
          updated_at: at(i),
        };
      }),
    );
    await insertRows(
      database,
      'journal_entries',
      Array.from({ length: journalEntries }, (_, i) => ({
        id: newRowId(),
        user_id: member.id,
        title: i % 5 === 0 ? null : `Evening reflection ${i + 1}`,
        content: `${noteText} (${i + 1})`,
        emotion_tags: ['Grateful'],
        verse_reference: 'Psalms 23:2',
        created_at: at(i),
        updated_at: at(i),
      })),
    );
    const results: OpenExportMemoryResult[] = [];
    for (const format of ['markdown', 'csv'] as const) {
      const url = `${server.url}/api/account/export.zip?format=${format}`;
      // A small export first, so that code loaded on first use is not counted as growth.
      await download(url, { cookie: warmUp.cookie, 'accept-encoding': 'identity' });
      const measured = await rssDuring(pid, () =>
        download(url, { cookie: member.cookie, 'accept-encoding': 'gzip, br' }),
      );
      const { result: sent, durationMs, rssBeforeMb, rssPeakMb, samples } = measured;

      // Not measured: the zip again, kept, to check it opens and holds every note.
      const kept = await fetch(url, { headers: { cookie: member.cookie } });
      const files = unzip(Buffer.from(await kept.arrayBuffer()));
      const notesFile = files.get(format === 'markdown' ? 'notes.md' : 'notes.csv');
      const written = (notesFile?.toString('utf8').match(/\(\d+\)/g) ?? []).length;
      if (written !== notes) throw new Error(`the ${format} zip holds ${written} notes`);
      const rssGrowthMb = rssPeakMb - rssBeforeMb;
      results.push({
        database: options.databaseUrl ? 'PostgreSQL' : 'SQLite',
        format,
        notes,
        journalEntries,
        zipBytes: sent.bytes,
        durationMs,
        rssBeforeMb,
        rssPeakMb,
        rssGrowthMb,
        samples,
        isMet: rssGrowthMb <= exportMemoryTargetMb,
      });
    }
    return results;
  });
}

/** One line for docs/benchmarks.md. */
export function describeOpenExportMemory(result: OpenExportMemoryResult): string {
  const mb = (value: number) => `${value.toFixed(1)} MB`;
  return (
    `${result.database}: ${result.format === 'markdown' ? 'Markdown' : 'CSV'} zip of ` +
    `${result.notes.toLocaleString('en-US')} notes (every third verse of the Bible, each quoted) and ` +
    `${result.journalEntries.toLocaleString('en-US')} journal entries (${mb(result.zipBytes / 2 ** 20)} sent) in ` +
    `${Math.round(result.durationMs)} ms; server RSS ${mb(result.rssBeforeMb)} → peak ${mb(result.rssPeakMb)}: ` +
    `grows ${mb(result.rssGrowthMb)} (${result.samples} samples every ${sampleEveryMs} ms; ` +
    `target ≤ ${exportMemoryTargetMb} MB: ${result.isMet ? 'met' : '**not met**'}).`
  );
}

if (import.meta.main) {
  const results = await measureOpenExportMemory({
    ...(process.env.BENCH_DATABASE_URL ? { databaseUrl: process.env.BENCH_DATABASE_URL } : {}),
  });
  for (const result of results) console.log(describeOpenExportMemory(result));
}
