import type { SavedVerse } from '../../../../shared/schemas/verses.ts';

/** Newest first, then by id, as GET /api/saved-verses lists them. */
function newestFirst(a: SavedVerse, b: SavedVerse): number {
  return b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);
}

/** Puts a verse back where the server would list it; a verse already there is left alone. */
export function insertSavedVerse(
  list: readonly SavedVerse[] | undefined,
  verse: SavedVerse,
): SavedVerse[] | undefined {
  if (!list) return undefined;
  if (list.some((item) => item.id === verse.id)) return [...list];
  return [...list, verse].sort(newestFirst);
}

/** Swaps one verse for another (the same words saved again under a new id), in list order. */
export function replaceSavedVerse(
  list: readonly SavedVerse[] | undefined,
  id: string,
  verse: SavedVerse,
): SavedVerse[] | undefined {
  if (!list) return undefined;
  return insertSavedVerse(
    list.filter((item) => item.id !== id),
    verse,
  );
}

export function removeSavedVerse(
  list: readonly SavedVerse[] | undefined,
  id: string,
): SavedVerse[] | undefined {
  return list?.filter((item) => item.id !== id);
}
