import type { SeededUser, WrittenTable } from './database.ts';

/** The largest page a list route gives (decision 012: `?limit=` 1 to 100). */
const pageLimit = 100;

type Page<T> = { items: T[]; next_cursor: string | null };

/** Every item of one signed-in list, following next_cursor page by page. */
export async function readAllPages<T = { id: string }>(
  url: string,
  path: string,
  cookie: string,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ limit: String(pageLimit) });
    if (cursor !== null) query.set('cursor', cursor);
    const response = await fetch(`${url}${path}?${query}`, { headers: { cookie } });
    if (!response.ok) {
      throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
    }
    const page = (await response.json()) as Page<T>;
    if (!Array.isArray(page.items)) {
      throw new Error(`GET ${path} did not answer a page ({ items, next_cursor })`);
    }
    items.push(...page.items);
    cursor = page.next_cursor;
  } while (cursor !== null);
  return items;
}

/** The ids of every user's saved verses and journal entries as the API lists them. */
export async function rowsSeenThroughApi(
  url: string,
  users: SeededUser[],
): Promise<Record<WrittenTable, Set<string>>> {
  const seen: Record<WrittenTable, Set<string>> = {
    saved_verses: new Set(),
    journal_entries: new Set(),
  };
  const lists: [WrittenTable, string][] = [
    ['saved_verses', '/api/saved-verses'],
    ['journal_entries', '/api/journal'],
  ];
  for (const user of users) {
    for (const [table, path] of lists) {
      for (const row of await readAllPages(url, path, user.cookie)) seen[table].add(row.id);
    }
  }
  return seen;
}
