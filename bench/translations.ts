// What each translation costs the server: the time to read and check it, and the heap
// it keeps. Each load runs in a fresh Node process (a cold read, as at start-up), 5 times; the
// heap is measured after a forced garbage collection before and after, so it is what stays.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { translations } from '#shared/bible/translation-list.ts';
import type { TranslationId } from '#shared/bible/translations.ts';
import { median } from './load.ts';

type Say = (line?: string) => void;

export const translationsHeading = '## Translations at start-up';

const root = path.resolve(import.meta.dirname, '..');

/** One cold load in its own process: milliseconds, and MB of heap kept. */
function loadOnce(id: TranslationId): { ms: number; heapMb: number; verses: number } {
  const script = `
    const { loadKingJamesVersion } = await import('./src/server/bible/kjv.ts');
    const { createTranslations } = await import('./src/server/bible/translations.ts');
    const kjv = ${id === 'kjv' ? 'null' : 'loadKingJamesVersion()'};
    globalThis.gc(); globalThis.gc();
    const before = process.memoryUsage().heapUsed;
    const started = performance.now();
    const bible = ${id === 'kjv' ? 'loadKingJamesVersion()' : `createTranslations(kjv).get('${id}')`};
    const ms = performance.now() - started;
    globalThis.gc(); globalThis.gc();
    const heapMb = (process.memoryUsage().heapUsed - before) / 1e6;
    console.log(JSON.stringify({ ms, heapMb, verses: bible.chapters.flat(2).length }));
  `;
  const output = execFileSync(
    process.execPath,
    ['--expose-gc', '--input-type=module', '-e', script],
    { cwd: root, encoding: 'utf8' },
  );
  return JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as {
    ms: number;
    heapMb: number;
    verses: number;
  };
}

export function runTranslationsBench(say: Say): void {
  say(translationsHeading);
  say();
  say(
    `Command: \`node bench/run.ts translations\` (also part of \`npm run bench\`). Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ` +
      `Node ${process.version}. Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. ` +
      'Each translation read from its package and checked (books, chapter counts) in a fresh Node process, 5 times; the time is the median, the heap what the text keeps ' +
      '(heap used after a forced garbage collection, before and after the load). The KJV loads before the server listens; the others on first use, ' +
      'and main.ts reads them just after listening (decision 015). Limit (decision 015): a translation that costs over 40 MB of heap or 150 ms is read lazily.',
  );
  say();
  say(
    '| Translation | Verses served | Load time (median of 5) | Fastest–slowest | Heap kept | Read |',
  );
  say('| --- | ---: | ---: | ---: | ---: | --- |');
  for (const translation of translations) {
    const runs = Array.from({ length: 5 }, () => loadOnce(translation.id));
    const times = runs.map((run) => run.ms);
    const heap = median(runs.map((run) => run.heapMb));
    const ms = median(times);
    const lazy = ms > 150 || heap > 40;
    say(
      `| ${translation.abbreviation} | ${(runs[0]?.verses ?? 0).toLocaleString('en-US')} | ${ms.toFixed(0)} ms | ` +
        `${Math.min(...times).toFixed(0)}–${Math.max(...times).toFixed(0)} ms | ${heap.toFixed(1)} MB | ` +
        `${translation.id === 'kjv' ? 'before listening (the default)' : lazy ? 'on first use (over the limit)' : 'on first use'} |`,
    );
  }
  say();
}
