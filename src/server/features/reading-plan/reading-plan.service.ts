import { nextPosition, type ReaderPosition } from '../../../shared/bible/navigation.ts';
import type { ReadingPlan } from '../../../shared/schemas/reading.ts';
import { AppError } from '../../app-error.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/connect.ts';
import { newRowId } from '../../db/ids.ts';

const planColumns = [
  'id',
  'is_active',
  'current_book_index',
  'current_chapter',
  'created_at',
  'updated_at',
] as const;

type Deps = { db: Db; clock: Clock };

/** product §4: a user has at most one active plan (a partial unique index holds to that). */
export async function getActivePlan(db: Db, userId: string): Promise<ReadingPlan | null> {
  const plan = await db
    .selectFrom('reading_plans')
    .select(planColumns)
    .where('user_id', '=', userId)
    .where('is_active', '=', true)
    .executeTakeFirst();
  return plan ?? null;
}

/**
 * Starts the user's plan at `start`, or gives back the one already active (isNew false).
 * Two requests at once cannot make two active plans: the loser's insert does nothing.
 */
export async function startPlan(
  { db, clock }: Deps,
  userId: string,
  start: ReaderPosition,
): Promise<{ plan: ReadingPlan; isNew: boolean }> {
  const active = await getActivePlan(db, userId);
  if (active) return { plan: active, isNew: false };
  const now = clock.now().toISOString();
  const created = await db
    .insertInto('reading_plans')
    .values({
      id: newRowId(),
      user_id: userId,
      is_active: true,
      current_book_index: start.bookIndex,
      current_chapter: start.chapter,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .returning(planColumns)
    .executeTakeFirst();
  if (created) return { plan: created, isNew: true };
  const winner = await getActivePlan(db, userId);
  if (!winner) throw new AppError('CONFLICT', 'Your reading plan changed meanwhile; try again.');
  return { plan: winner, isNew: false };
}

/**
 * product §4: the plan's position is the next chapter it asks for. Reading that
 * chapter moves the plan to the one after it; reading any other chapter (a search, a bookmark)
 * leaves the plan where it was. The condition sits in the update itself, so two saves of the
 * same chapter at once move the plan one step, not two. Null when there is no active plan.
 */
export async function advanceActivePlan(
  { db, clock }: Deps,
  userId: string,
  read: ReaderPosition,
): Promise<ReadingPlan | null> {
  const next = nextPosition(read);
  if (next) {
    const moved = await db
      .updateTable('reading_plans')
      .set({
        current_book_index: next.bookIndex,
        current_chapter: next.chapter,
        updated_at: clock.now().toISOString(),
      })
      .where('user_id', '=', userId)
      .where('is_active', '=', true)
      .where('current_book_index', '=', read.bookIndex)
      .where('current_chapter', '=', read.chapter)
      .returning(planColumns)
      .executeTakeFirst();
    if (moved) return moved;
  }
  return getActivePlan(db, userId);
}

/** Ends the active plan, if any; the row stays, inactive. */
export async function stopPlan({ db, clock }: Deps, userId: string): Promise<void> {
  await db
    .updateTable('reading_plans')
    .set({ is_active: false, updated_at: clock.now().toISOString() })
    .where('user_id', '=', userId)
    .where('is_active', '=', true)
    .execute();
}
