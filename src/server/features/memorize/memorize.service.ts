import { createEmptyCard, fsrs, State, type Card } from 'ts-fsrs';
import { AppError } from '#server/app-error.ts';
import { getChapterLength, getVerse } from '#server/bible/bible.ts';
import type { Translations } from '#server/bible/translations.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/connect.ts';
import { isRowId, newRowId } from '#server/db/ids.ts';
import { listScope, readNewestFirst, type PageCursors } from '#server/db/keyset.ts';
import type { MemoryCardsTable } from '#server/db/types.ts';
import { recordStreakDay } from '#server/features/streaks/streaks.service.ts';
import { books } from '#shared/bible/books.ts';
import { parseReference } from '#shared/bible/references.ts';
import { defaultTranslation, type TranslationId } from '#shared/bible/translations.ts';
import { parseVerseText } from '#shared/bible/verse-text.ts';
import { practiceModeFor } from '#shared/habits/practice-mode.ts';
import {
  habitMessages,
  maxMemoryCards,
  reviewBatchSize,
  type DueCardsResponse,
  type MemoryCard,
  type ReviewRating,
  type ReviewResponse,
} from '#shared/schemas/habits.ts';
import type { Page, PageRequest } from '#shared/schemas/pagination.ts';

type Deps = { db: Db; clock: Clock; translations: Translations };

/**
 * ts-fsrs with its default parameters (FSRS-6 weights, 90% retention, learning steps 1m and
 * 10m, relearning 10m), fuzz off: the same review always gives the same date, so what a
 * person is told ("again in 11 days") and what the tests check is exact. Fuzz spreads the
 * reviews of cards learned together over a few days; a person learns a few verses at a time,
 * not thousands of cards, so the clumping it prevents is small.
 */
export const memoryScheduler = fsrs({ enable_fuzz: false });

const cardStates = {
  [State.New]: 'new',
  [State.Learning]: 'learning',
  [State.Review]: 'review',
  [State.Relearning]: 'relearning',
} as const satisfies Record<State, MemoryCard['state']>;

type CardRow = Omit<MemoryCardsTable, 'user_id' | 'updated_at'>;

/** A card as the verses-to-learn screens show it; the account export adds its owner and last change. */
export const memoryCardColumns = [
  'id',
  'reference',
  'translation',
  'due',
  'stability',
  'difficulty',
  'elapsed_days',
  'scheduled_days',
  'learning_steps',
  'reps',
  'lapses',
  'state',
  'last_review',
  'created_at',
] as const;

/** A verse as one reference: its book, chapter and verse, and the form stored ('Psalms 23:1'). */
type VerseReference = { reference: string; bookIndex: number; chapter: number; verse: number };

const singleVerseMessage = 'reference: Choose one verse, such as John 3:16.';

/**
 * The one verse a reference names, in the form the reader writes saved verses in (the book's
 * name from books.ts, then chapter:verse), so a saved verse's reference is added as it is.
 * Any name or short form the parser reads is accepted ('ps 23.1'). A chapter, a book or a
 * range is not one verse (400); a book, chapter or verse the Bible does not have is 404.
 */
export function verseReference(reference: string): VerseReference {
  const parsed = parseReference(reference);
  if (!parsed) throw new AppError('NOT_FOUND', habitMessages.unknownVerse);
  const { bookIndex, chapter, verse } = parsed;
  if (chapter === null || verse === null || /[-–]\s*[\d:.]+\s*$/.test(reference.trim())) {
    throw new AppError('VALIDATION_ERROR', singleVerseMessage);
  }
  return { reference: `${books[bookIndex]?.name} ${chapter}:${verse}`, bookIndex, chapter, verse };
}

/** The verse's words in a translation, markers removed; '' when that translation has none. */
function verseWords(
  translations: Translations,
  verse: Omit<VerseReference, 'reference'>,
  id: TranslationId,
): string {
  const raw = getVerse(translations.get(id), verse.bookIndex, verse.chapter, verse.verse);
  return raw === undefined ? '' : parseVerseText(raw).plain.trim();
}

/** A stored card as the API gives it: the verse's words looked up, FSRS's state named. */
function toMemoryCard(translations: Translations, row: CardRow): MemoryCard {
  // Stored references are canonical ones (verseReference), so this always finds the verse.
  const { bookIndex = -1, chapter, verse } = parseReference(row.reference) ?? {};
  const text =
    chapter && verse
      ? verseWords(translations, { bookIndex, chapter, verse }, row.translation)
      : '';
  const state = cardStates[row.state as State];
  return {
    id: row.id,
    reference: row.reference,
    translation: row.translation,
    text,
    due: row.due,
    state,
    reps: row.reps,
    lapses: row.lapses,
    stability: row.stability,
    difficulty: row.difficulty,
    last_review: row.last_review,
    mode: practiceModeFor({ state, stability: row.stability }),
    created_at: row.created_at,
  };
}

/** The ts-fsrs card a row holds. */
function toFsrsCard(row: CardRow): Card {
  return {
    due: new Date(row.due),
    stability: row.stability,
    difficulty: row.difficulty,
    elapsed_days: row.elapsed_days,
    scheduled_days: row.scheduled_days,
    learning_steps: row.learning_steps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state as State,
    ...(row.last_review ? { last_review: new Date(row.last_review) } : {}),
  };
}

/** A ts-fsrs card as the row's columns. */
function fsrsColumns(card: Card) {
  return {
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: card.elapsed_days,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    last_review: card.last_review?.toISOString() ?? null,
  };
}

function findCard(db: Db, userId: string, where: { id: string } | { reference: string }) {
  let query = db.selectFrom('memory_cards').select(memoryCardColumns).where('user_id', '=', userId);
  query =
    'id' in where
      ? query.where('id', '=', where.id)
      : query.where('reference', '=', where.reference);
  return query.executeTakeFirst();
}

async function personTranslation(db: Db, userId: string): Promise<TranslationId> {
  const settings = await db
    .selectFrom('user_settings')
    .select('translation')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return settings?.translation ?? defaultTranslation;
}

async function countCards(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('memory_cards')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Starts learning a verse, a new FSRS card due now, in the translation asked
 * for (the person's own without one). A verse already being learned is the answer as it is
 * (one card per person and reference: the unique key decides, so two adds at once make one).
 * Up to maxMemoryCards at once; two adds racing at the limit may pass it by one.
 */
export async function addMemoryCard(
  { db, clock, translations }: Deps,
  userId: string,
  request: { reference: string; translation?: TranslationId | undefined },
): Promise<{ card: MemoryCard; isNew: boolean }> {
  const verse = verseReference(request.reference);
  const existing = await findCard(db, userId, { reference: verse.reference });
  if (existing) return { card: toMemoryCard(translations, existing), isNew: false };

  const translation = request.translation ?? (await personTranslation(db, userId));
  const bible = translations.get(translation);
  if (verse.verse > getChapterLength(bible, verse.bookIndex, verse.chapter)) {
    throw new AppError('NOT_FOUND', habitMessages.unknownVerse);
  }
  // The WEB leaves out a few verses the KJV has (Acts 8:37): nothing there to learn.
  if (verseWords(translations, verse, translation) === '') {
    throw new AppError('NOT_FOUND', habitMessages.unknownVerse);
  }
  if ((await countCards(db, userId)) >= maxMemoryCards) {
    throw new AppError('CONFLICT', habitMessages.tooManyCards);
  }
  const now = clock.now();
  const inserted = await db
    .insertInto('memory_cards')
    .values({
      id: newRowId(),
      user_id: userId,
      reference: verse.reference,
      translation,
      ...fsrsColumns(createEmptyCard(now)),
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['user_id', 'reference']).doNothing())
    .returning(memoryCardColumns)
    .executeTakeFirst();
  if (inserted) return { card: toMemoryCard(translations, inserted), isNew: true };
  const raced = await findCard(db, userId, { reference: verse.reference });
  // Removed between the two statements (another tab's Remove): that request won the race.
  if (!raced) throw new AppError('CONFLICT', 'That verse changed meanwhile. Please try again.');
  return { card: toMemoryCard(translations, raced), isNew: false };
}

/**
 * The person's verses, newest first, a page at a time (decision 012), read off
 * memory_cards (user_id, created_at desc, id desc).
 */
export async function listMemoryCards(
  { db, cursors, translations }: { db: Db; cursors: PageCursors; translations: Translations },
  userId: string,
  page: PageRequest,
): Promise<Page<MemoryCard>> {
  const result = await readNewestFirst(
    cursors,
    listScope('memory-cards', userId),
    page,
    { time: 'created_at' },
    db.selectFrom('memory_cards').select(memoryCardColumns).where('user_id', '=', userId),
  );
  return { ...result, items: result.items.map((row) => toMemoryCard(translations, row)) };
}

/** How many of the person's verses are due now (the home page's count, the bell's). */
export async function countDueCards({ db, clock }: Pick<Deps, 'db' | 'clock'>, userId: string) {
  const row = await db
    .selectFrom('memory_cards')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('due', '<=', clock.now().toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * A review session's cards: up to reviewBatchSize due now, the longest waiting first, read off
 * memory_cards (user_id, due, id); and how many are due in all.
 */
export async function dueMemoryCards(deps: Deps, userId: string): Promise<DueCardsResponse> {
  const { db, clock, translations } = deps;
  const rows = await db
    .selectFrom('memory_cards')
    .select(memoryCardColumns)
    .where('user_id', '=', userId)
    .where('due', '<=', clock.now().toISOString())
    .orderBy('due')
    .orderBy('id')
    .limit(reviewBatchSize)
    .execute();
  const count = rows.length < reviewBatchSize ? rows.length : await countDueCards(deps, userId);
  return { items: rows.map((row) => toMemoryCard(translations, row)), count };
}

/** Whether a verse is being learned, and its card (the verse dialog's button asks). */
export async function memoryCardStatus(
  db: Db,
  userId: string,
  reference: string,
): Promise<{ card_id: string | null }> {
  const card = await findCard(db, userId, { reference: verseReference(reference).reference });
  return { card_id: card?.id ?? null };
}

function cardNotFound(): AppError {
  return new AppError('NOT_FOUND', 'That verse is not in your verses to learn.');
}

/**
 * A review: the grade given (1 Again, 2 Hard, 3 Good, 4 Easy) and the card as FSRS schedules
 * it from now. A card not yet due may be practised too; FSRS counts the shorter wait. The
 * update is conditional on the card's reps, so of two reviews of one card sent at once one
 * counts and the other is a 409, instead of both being scheduled from the same state. The day
 * counts for the person's streak.
 */
export async function reviewMemoryCard(
  deps: Deps,
  userId: string,
  id: string,
  rating: ReviewRating,
): Promise<ReviewResponse> {
  const { db, clock, translations } = deps;
  if (!isRowId(id)) throw cardNotFound();
  const row = await findCard(db, userId, { id });
  if (!row) throw cardNotFound();
  const now = clock.now();
  const { card } = memoryScheduler.next(toFsrsCard(row), now, rating);
  // The review and the streak day it earns are kept together or not at all.
  const updated = await db.transaction().execute(async (trx) => {
    const reviewed = await trx
      .updateTable('memory_cards')
      .set({ ...fsrsColumns(card), updated_at: now.toISOString() })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('reps', '=', row.reps)
      .returning(memoryCardColumns)
      .executeTakeFirst();
    if (!reviewed) {
      throw new AppError('CONFLICT', 'That verse was reviewed meanwhile. Please try again.');
    }
    await recordStreakDay({ db: trx, clock }, userId, 'review');
    return reviewed;
  });
  return {
    card: toMemoryCard(translations, updated),
    due_count: await countDueCards(deps, userId),
  };
}

/** Stops learning a verse; someone else's card is as unknown as a made-up id. */
export async function deleteMemoryCard(db: Db, userId: string, id: string): Promise<void> {
  if (!isRowId(id)) throw cardNotFound();
  const result = await db
    .deleteFrom('memory_cards')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (result.numDeletedRows === 0n) throw cardNotFound();
}
