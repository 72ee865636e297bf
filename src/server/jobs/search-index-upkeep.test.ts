import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  mergeSearchIndexes,
  searchIndexTables,
  startSearchIndexUpkeep,
} from '#server/jobs/search-index-upkeep.ts';
import { sendingAs, signUp } from '#tests/api-support/auth-helpers.ts';
import { useTestApp } from '#tests/api-support/test-app.ts';

const t = useTestApp();
const send = sendingAs(t);

/** The pages of every search index (SQLite's FTS5 shadow tables); 0 on PostgreSQL. */
async function indexPages(): Promise<number> {
  if (t.dialect !== 'sqlite') return 0;
  let pages = 0;
  for (const table of searchIndexTables) {
    const result = await sql<{ pages: number }>`select count(*) as pages from ${sql.table(
      `${table}_data`,
    )}`.execute(t.db);
    pages += Number(result.rows[0]?.pages ?? 0);
  }
  return pages;
}

describe('merging the search indexes', () => {
  it('leaves each index in one piece, finding the same entries, and has nothing to do after', async () => {
    const alice = await signUp(t);
    // Each entry is a write of its own: FTS5 adds a small segment for each.
    for (let index = 0; index < 60; index += 1) {
      const response = await send('POST', '/api/journal', alice, {
        title: `Morning ${index}`,
        content: index % 3 === 0 ? 'By the still water I was grateful' : 'A quiet walk home',
        emotion_tags: [],
      });
      expect(response.statusCode).toBe(201);
    }
    const search = async (q: string) =>
      (await send('GET', `/api/journal?q=${encodeURIComponent(q)}&limit=50`, alice)).json() as {
        items: { id: string }[];
      };
    const before = { grateful: await search('grateful'), still: await search('still water') };
    expect(before.grateful.items).toHaveLength(20);
    const pagesBefore = await indexPages();

    const first = await mergeSearchIndexes(t.db, t.dialect);
    expect(first.isDone).toBe(true);
    expect(await search('grateful')).toEqual(before.grateful);
    expect(await search('still water')).toEqual(before.still);
    const again = await mergeSearchIndexes(t.db, t.dialect);
    if (t.dialect === 'sqlite') {
      // Many small segments became one: fewer pages, and a merge step wrote some of them.
      expect(first.steps).toBeGreaterThan(searchIndexTables.length);
      expect(await indexPages()).toBeLessThan(pagesBefore);
      // Merged already: one step per index finds nothing to write.
      expect(again).toEqual({ steps: searchIndexTables.length, isDone: true });
    } else {
      expect(first).toEqual({ steps: 0, isDone: true });
      expect(again).toEqual({ steps: 0, isDone: true });
    }
  });

  it('gives other work a turn between steps, and stops at its budget', async () => {
    const bob = await signUp(t);
    for (let index = 0; index < 30; index += 1) {
      await send('POST', '/api/journal', bob, {
        title: `Evening ${index}`,
        content: 'Patience with my sister today',
        emotion_tags: [],
      });
    }
    let turns = 0;
    const counting = setInterval(() => (turns += 1), 0);
    const budget = await mergeSearchIndexes(t.db, t.dialect, { maxSteps: 2 });
    const rest = await mergeSearchIndexes(t.db, t.dialect);
    clearInterval(counting);
    if (t.dialect === 'sqlite') {
      expect(budget).toEqual({ steps: 2, isDone: false });
      expect(rest.isDone).toBe(true);
      expect(turns).toBeGreaterThan(0);
    } else {
      expect(budget).toEqual({ steps: 0, isDone: true });
    }
  });

  it('runs once its delay has passed, and stops cleanly', async () => {
    const carol = await signUp(t);
    await send('POST', '/api/journal', carol, {
      title: 'One more',
      content: 'Grateful for the river',
      emotion_tags: [],
    });
    const logged: { object: object; message: string }[] = [];
    const upkeep = startSearchIndexUpkeep(
      { db: t.db, dialect: t.dialect },
      {
        info: (object, message) => logged.push({ object, message }),
        error: (object, message) => logged.push({ object, message }),
      },
      { firstDelayMs: 1 },
    );
    if (t.dialect === 'sqlite') {
      await expect
        .poll(() => logged.map((line) => line.message), { timeout: 10_000 })
        .toContain('search indexes merged');
      // The job has merged them: nothing is left to write.
      expect(await mergeSearchIndexes(t.db, t.dialect)).toEqual({
        steps: searchIndexTables.length,
        isDone: true,
      });
    } else {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await upkeep.stop();
    expect(logged.filter((line) => line.message !== 'search indexes merged')).toEqual([]);
    if (t.dialect !== 'sqlite') expect(logged).toEqual([]);
  });
});
