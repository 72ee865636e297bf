import type { SeededUser, WrittenTable } from './database.ts';

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
      const response = await fetch(`${url}${path}`, { headers: { cookie: user.cookie } });
      if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
      for (const row of (await response.json()) as { id: string }[]) seen[table].add(row.id);
    }
  }
  return seen;
}
