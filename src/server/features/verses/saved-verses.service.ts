import type { z } from 'zod';
import { AppError } from '#server/app-error.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/connect.ts';
import type { DialectName } from '#server/db/dialect-plugin.ts';
import { hasSearchWords, matchRanges, readSearchPage, searchWords } from '#server/db/full-text.ts';
import { isRowId, newRowId } from '#server/db/ids.ts';
import {
  listScope,
  newestFirst,
  readPage,
  type KeyPosition,
  type PageCursors,
} from '#server/db/keyset.ts';
import { hasVerseTheme, verseThemes, type VerseTheme } from '#shared/content/verse-themes.ts';
import type { Page, PageRequest } from '#shared/schemas/pagination.ts';
import type {
  createSavedVerseRequestSchema,
  SavedVerse,
  SavedVerseListItem,
  SavedVerseStatus,
} from '#shared/schemas/verses.ts';

/** The request as the shared schema gives it once parsed (trimmed, empty optionals as null). */
type NewSavedVerse = z.output<typeof createSavedVerseRequestSchema>;

/** A saved verse as the collection shows it; the account export adds its owner. */
export const savedVerseColumns = [
  'id',
  'text',
  'reference',
  'theme',
  'emotion_tag',
  'custom_note',
  'translation',
  'tags',
  'created_at',
] as const;

/**
 * product §7 saved_verses insert; the owner is the session's user, never a field of the request.
 * A person keeps a verse once (docs/product.md §4, Toggles): when the reference is already in their
 * collection, that row is the answer and nothing is added. The unique index of migration 0008
 * decides, so two requests racing still leave one row.
 */
export async function createSavedVerse(
  { db, clock }: { db: Db; clock: Clock },
  userId: string,
  verse: NewSavedVerse,
): Promise<{ verse: SavedVerse; isNew: boolean }> {
  const inserted = await db
    .insertInto('saved_verses')
    .values({
      id: newRowId(),
      user_id: userId,
      text: verse.text,
      reference: verse.reference,
      theme: verse.theme,
      emotion_tag: verse.emotion_tag,
      custom_note: verse.custom_note,
      translation: verse.translation,
      created_at: clock.now().toISOString(),
    })
    .onConflict((oc) => oc.columns(['user_id', 'reference']).doNothing())
    .returning(savedVerseColumns)
    .executeTakeFirst();
  if (inserted) return { verse: inserted, isNew: true };
  const existing = await findSavedVerse(db, userId, verse.reference);
  // Deleted between the two statements (another tab's Delete): that request won the race.
  if (!existing) throw new AppError('CONFLICT', 'That verse changed meanwhile. Please try again.');
  return { verse: existing, isNew: false };
}

function findSavedVerse(
  db: Db,
  userId: string,
  reference: string,
): Promise<SavedVerse | undefined> {
  return db
    .selectFrom('saved_verses')
    .select(savedVerseColumns)
    .where('user_id', '=', userId)
    .where('reference', '=', reference)
    .executeTakeFirst();
}

/**
 * Is this reference in the user's collection (every Save button asks: docs/product.md §4, Toggles), and in
 * which translation it was saved (decision 015).
 */
export async function savedVerseStatus(
  db: Db,
  userId: string,
  reference: string,
): Promise<SavedVerseStatus> {
  const saved = await findSavedVerse(db, userId, reference);
  return saved ? { saved: true, translation: saved.translation } : { saved: false };
}

/** What the saved-verse list may be narrowed to: a search and a theme chip. */
export type SavedVerseListFilters = { q?: string | undefined; theme?: string | undefined };

const themeMessage = `theme: Choose one of the theme chips: All, ${verseThemes.join(', ')}.`;

/** The chip a `theme` names, any case; undefined for 'All' (no filter); 400 for anything else. */
function themeChipNamed(theme: string | undefined): VerseTheme | undefined {
  if (theme === undefined || theme.toLowerCase() === 'all') return undefined;
  const chip = verseThemes.find((name) => name.toLowerCase() === theme.toLowerCase());
  if (!chip) throw new AppError('VALIDATION_ERROR', themeMessage);
  return chip;
}

/** Rows read at a time while a theme chip filters them (it needs the catalogue, in JS). */
const themedBatch = 200;

/**
 * product §7 saved_verses select by user, newest first, a page at a time (decision 012); the id
 * keeps equal times in one order. `q` keeps the verses with every word in the text, reference
 * or emotion tag (db/full-text.ts) and marks where they are; `theme` keeps a chip's verses.
 * The cursor's scope names the person and both filters.
 */
export async function listSavedVerses(
  { db, dialect, cursors }: { db: Db; dialect: DialectName; cursors: PageCursors },
  userId: string,
  page: PageRequest & SavedVerseListFilters,
): Promise<Page<SavedVerseListItem>> {
  const chip = themeChipNamed(page.theme);
  const { q } = page;
  const words = q === undefined ? undefined : searchWords(q);
  const anyRows = db.selectFrom('saved_verses').select(savedVerseColumns);
  let query = anyRows.where('user_id', '=', userId);
  if (words?.length) query = query.where(hasSearchWords(dialect, 'saved_verses', userId, words));
  const read = (after: KeyPosition | null, take: number): Promise<SavedVerse[]> =>
    newestFirst(query, { time: 'created_at' }, after, take).execute();
  // The chip's rule needs the catalogue: read newest first in batches and keep its verses
  // until the page (and the one more that says another page exists) is full.
  const readThemed = async (themeChip: VerseTheme, after: KeyPosition | null, take: number) => {
    const kept: SavedVerse[] = [];
    let position = after;
    for (;;) {
      const rows = await read(position, themedBatch);
      for (const row of rows) {
        if (hasVerseTheme(row, themeChip)) kept.push(row);
        if (kept.length === take) return kept;
      }
      const last = rows.at(-1);
      if (rows.length < themedBatch || !last) return kept;
      position = { time: last.created_at, id: last.id };
    }
  };
  const result = await readSearchPage(
    { db, dialect },
    { table: 'saved_verses', userId, words, page, isFiltered: chip !== undefined },
    (candidates) =>
      readPage<SavedVerse>(
        cursors,
        listScope('saved-verses', userId, q, chip),
        page,
        (row) => ({ time: row.created_at, id: row.id }),
        (after, take) => {
          // A search of only punctuation has no word to find: an empty page.
          if (words?.length === 0) return Promise.resolve([]);
          if (chip) return readThemed(chip, after, take);
          return candidates
            ? newestFirst(anyRows.where(candidates), { time: 'created_at' }, after, take).execute()
            : read(after, take);
        },
      ),
  );
  if (!words) return result;
  return {
    ...result,
    items: result.items.map((verse) => ({
      ...verse,
      matches: {
        text: matchRanges(verse.text, words),
        reference: matchRanges(verse.reference, words),
        emotion_tag: matchRanges(verse.emotion_tag, words),
      },
    })),
  };
}

/** Deletes one of the user's saved verses; someone else's id is as unknown as a made-up one. */
export async function deleteSavedVerse(db: Db, userId: string, id: string): Promise<void> {
  if (!isRowId(id)) throw savedVerseNotFound();
  const result = await db
    .deleteFrom('saved_verses')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (result.numDeletedRows === 0n) throw savedVerseNotFound();
}

function savedVerseNotFound(): AppError {
  return new AppError('NOT_FOUND', 'That saved verse was not found.');
}
