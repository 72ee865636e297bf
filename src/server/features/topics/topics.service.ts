import { sql } from 'kysely';
import { AppError } from '#server/app-error.ts';
import { getVerse, type Bible } from '#server/bible/bible.ts';
import type { Db } from '#server/db/connect.ts';
import { isRowId, newRowId } from '#server/db/ids.ts';
import {
  invalidCursor,
  listScope,
  readPage,
  type KeyPosition,
  type PageCursors,
} from '#server/db/keyset.ts';
import { highlightColumns } from '#server/features/highlights/highlights.service.ts';
import { savedVerseColumns } from '#server/features/verses/saved-verses.service.ts';
import { findBookIndex } from '#shared/bible/book-names.ts';
import { books } from '#shared/bible/books.ts';
import { parseReference } from '#shared/bible/references.ts';
import type { TranslationId } from '#shared/bible/translations.ts';
import { verseAt, verseNumber } from '#shared/bible/verse-index.ts';
import { parseVerseText } from '#shared/bible/verse-text.ts';
import { topicKey } from '#shared/rules/topics.ts';
import type { Page, PageRequest } from '#shared/schemas/pagination.ts';
import type { Highlight } from '#shared/schemas/reading.ts';
import type { Topic, TopicItem } from '#shared/schemas/topics.ts';
import type { SavedVerse } from '#shared/schemas/verses.ts';

/**
 * Topics (decision 027): a tag on a note, a highlight or a saved verse. Each item keeps its tags
 * as written; topic_items holds one row per tag per item, with the tag folded and the item's
 * first verse, and is written in the same transaction as the item's tags.
 */
export type TopicItemKind = 'note' | 'highlight' | 'saved_verse';

const itemColumn = {
  note: 'note_id',
  highlight: 'highlight_id',
  saved_verse: 'saved_verse_id',
} as const satisfies Record<TopicItemKind, string>;

/**
 * Makes topic_items say what the item's tags say: its old rows go, one row per topic is written.
 * Run it in the transaction that writes the item's tags.
 */
export async function replaceItemTopics(
  db: Db,
  userId: string,
  item: { kind: TopicItemKind; id: string; verse: number },
  tags: readonly string[],
): Promise<void> {
  const column = itemColumn[item.kind];
  await db.deleteFrom('topic_items').where(column, '=', item.id).execute();
  const byKey = new Map<string, string>();
  for (const tag of tags) {
    const key = topicKey(tag);
    if (key !== '' && !byKey.has(key)) byKey.set(key, tag.trim());
  }
  if (byKey.size === 0) return;
  await db
    .insertInto('topic_items')
    .values(
      [...byKey].map(([key, tag]) => ({
        id: newRowId(),
        user_id: userId,
        tag_key: key,
        tag,
        verse: item.verse,
        [column]: item.id,
      })),
    )
    .execute();
}

/** PATCH /api/highlights/{id}: the highlight's topics, replaced; someone else's id is a 404. */
export async function setHighlightTags(
  db: Db,
  userId: string,
  id: string,
  tags: string[],
): Promise<Highlight> {
  const notFound = () => new AppError('NOT_FOUND', 'That highlight was not found.');
  if (!isRowId(id)) throw notFound();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('verse_highlights')
      .set({ tags })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returning(highlightColumns)
      .executeTakeFirst();
    if (!row) throw notFound();
    const verse = verseNumber({
      bookIndex: findBookIndex(row.book_name),
      chapter: row.chapter_number,
      verse: row.verse_number,
    });
    if (verse < 0) throw new Error(`verse_highlights ${row.id} names no verse`);
    await replaceItemTopics(trx, userId, { kind: 'highlight', id, verse }, row.tags);
    return row;
  });
}

/** Where a saved verse stands in the Bible: its reference's first verse (a chapter's first). */
function savedVersePlace(reference: string): number {
  const parsed = parseReference(reference);
  if (!parsed) return -1;
  return verseNumber({
    bookIndex: parsed.bookIndex,
    chapter: parsed.chapter ?? 1,
    verse: parsed.verse ?? 1,
  });
}

/** PATCH /api/saved-verses/{id}: the saved verse's topics, replaced. */
export async function setSavedVerseTags(
  db: Db,
  userId: string,
  id: string,
  tags: string[],
): Promise<SavedVerse> {
  const notFound = () => new AppError('NOT_FOUND', 'That saved verse was not found.');
  if (!isRowId(id)) throw notFound();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('saved_verses')
      .set({ tags })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returning(savedVerseColumns)
      .executeTakeFirst();
    if (!row) throw notFound();
    const verse = savedVersePlace(row.reference);
    if (verse < 0) {
      // The transaction is undone: the tags are not kept either.
      throw new AppError(
        'VALIDATION_ERROR',
        `"${row.reference}" is not a place in the Bible, so it cannot be given a topic.`,
      );
    }
    await replaceItemTopics(trx, userId, { kind: 'saved_verse', id, verse }, row.tags);
    return row;
  });
}

/**
 * GET /api/topics: the member's topics in the order of their keys with how many items carry
 * each, a page at a time; the cursor is the last key given. A walk of the
 * (user_id, tag_key, verse, id) index, grouped as it goes, that stops after the page's topics.
 */
export async function listTopics(
  db: Db,
  userId: string,
  page: { limit: number; cursor?: string | undefined },
): Promise<Page<Topic>> {
  let query = db
    .selectFrom('topic_items')
    .select(({ fn }) => [
      'tag_key',
      fn.min('tag').as('name'),
      fn.countAll<number | string | bigint>().as('count'),
    ])
    .where('user_id', '=', userId)
    .groupBy('tag_key')
    .orderBy('tag_key')
    .limit(page.limit + 1);
  if (page.cursor !== undefined) query = query.where('tag_key', '>', page.cursor);
  const rows = await query.execute();
  const items = rows
    .slice(0, page.limit)
    .map((row) => ({ tag: row.tag_key, name: row.name, count: Number(row.count) }));
  return {
    items,
    next_cursor: rows.length > page.limit ? (items.at(-1)?.tag ?? null) : null,
  };
}

/** A JSON list read through a column alias (text on SQLite, the list itself on PostgreSQL). */
function listOf(value: unknown): string[] {
  const list: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(list) ? list.filter((tag): tag is string => typeof tag === 'string') : [];
}

/**
 * A page's cursor holds (verse, id): the verse carried as the codec's time, the instant that
 * many milliseconds after 1970, so keyset.ts signs and checks it as any list's.
 */
const verseAsTime = (verse: number) => new Date(verse).toISOString();
function timeAsVerse(time: string): number {
  const verse = Date.parse(time);
  if (!Number.isInteger(verse) || verse < 0 || verse > 40_000) throw invalidCursor();
  return verse;
}

/**
 * GET /api/topics/{tag}: everything under a topic in Bible order (then the order the topic was
 * given), a page at a time. One range of the (user_id, tag_key, verse, id) index; each row's
 * item is found by its primary key. A highlight's words come from the translation asked for.
 */
export async function topicPage(
  { db, cursors, bible }: { db: Db; cursors: PageCursors; bible: Bible },
  userId: string,
  tag: string,
  page: PageRequest & { translation: TranslationId },
): Promise<Page<TopicItem>> {
  const key = topicKey(tag);
  const read = async (after: KeyPosition | null, take: number) => {
    let query = db
      .selectFrom('topic_items as t')
      .leftJoin('verse_notes as n', (join) =>
        join.onRef('n.id', '=', 't.note_id').onRef('n.user_id', '=', 't.user_id'),
      )
      .leftJoin('verse_highlights as h', (join) =>
        join.onRef('h.id', '=', 't.highlight_id').onRef('h.user_id', '=', 't.user_id'),
      )
      .leftJoin('saved_verses as s', (join) =>
        join.onRef('s.id', '=', 't.saved_verse_id').onRef('s.user_id', '=', 't.user_id'),
      )
      .select([
        't.id',
        't.verse',
        't.note_id',
        't.highlight_id',
        't.saved_verse_id',
        'n.last_verse as note_last_verse',
        'n.text as note_text',
        'n.tags as note_tags',
        'h.tags as highlight_tags',
        's.text as saved_text',
        's.reference as saved_reference',
        's.translation as saved_translation',
        's.tags as saved_tags',
      ])
      .where('t.user_id', '=', userId)
      .where('t.tag_key', '=', key)
      .orderBy('t.verse')
      .orderBy('t.id')
      .limit(take);
    if (after) {
      const verse = timeAsVerse(after.time);
      query = query.where(sql<boolean>`(t.verse, t.id) > (${verse}, ${after.id})`);
    }
    return query.execute();
  };
  const result = await readPage(
    cursors,
    listScope('topic', userId, key),
    page,
    (row) => ({ time: verseAsTime(row.verse), id: row.id }),
    read,
  );
  const items = result.items.flatMap((row): TopicItem[] => {
    const place = verseAt(row.verse);
    const book = place && books[place.bookIndex];
    if (!place || !book) return [];
    const fields = {
      book_name: book.name,
      chapter_number: place.chapter,
      verse_number: place.verse,
      reference: `${book.name} ${place.chapter}:${place.verse}`,
    };
    if (row.note_id !== null && row.note_text !== null && row.note_last_verse !== null) {
      const last = verseAt(row.note_last_verse)?.verse ?? place.verse;
      return [
        {
          kind: 'note',
          id: row.note_id,
          ...fields,
          end_verse_number: last,
          reference: last > place.verse ? `${fields.reference}–${last}` : fields.reference,
          text: row.note_text,
          tags: listOf(row.note_tags),
        },
      ];
    }
    if (row.highlight_id !== null) {
      const raw = getVerse(bible, place.bookIndex, place.chapter, place.verse) ?? '';
      return [
        {
          kind: 'highlight',
          id: row.highlight_id,
          ...fields,
          verse_text: parseVerseText(raw).plain,
          translation: bible.translation,
          tags: listOf(row.highlight_tags),
        },
      ];
    }
    if (row.saved_verse_id !== null && row.saved_text !== null && row.saved_translation !== null) {
      return [
        {
          kind: 'saved_verse',
          id: row.saved_verse_id,
          ...fields,
          reference: row.saved_reference ?? fields.reference,
          verse_text: row.saved_text,
          translation: row.saved_translation,
          tags: listOf(row.saved_tags),
        },
      ];
    }
    return [];
  });
  return { items, next_cursor: result.next_cursor };
}
