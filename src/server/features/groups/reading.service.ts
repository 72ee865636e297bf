import { AppError } from '#server/app-error.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/connect.ts';
import type { DatabaseHandle } from '#server/db/connect.ts';
import { personToday } from '#server/features/streaks/streaks.service.ts';
import type { PushSender } from '#server/push.ts';
import { books } from '#shared/bible/books.ts';
import { isLibraryPlanId, libraryPlanDays, libraryPlanSummary } from '#shared/plans/library.ts';
import { daysFrom } from '#shared/plans/schedule.ts';
import { groupLimits } from '#shared/rules/groups.ts';
import type { GroupReading } from '#shared/schemas/groups.ts';
import type { GroupEventBus } from './group-events.ts';
import { sendGroupNotice } from './group-notices.ts';
import { personOf } from './groups.service.ts';
import { requireLeader, requireMember } from './membership.ts';

export type ReadingDeps = {
  db: Db;
  database: DatabaseHandle;
  clock: Clock;
  push: PushSender;
  events: GroupEventBus;
};

/** How far from today a group's day 1 may be, either way (a year, as a person's own plans). */
const startDateReachDays = 366;

/**
 * GET /api/groups/{id}/reading (decision 028): the group's plan and today's day of it where the
 * asker is, today's readings, whether the asker follows it, who of the members read today's
 * readings (those who let their groups see it) and today's one-line check-ins. Bounded: two
 * queries of at most a group's 500 members.
 */
export async function groupReading(
  deps: Pick<ReadingDeps, 'db' | 'clock'>,
  userId: string,
  groupId: string,
): Promise<GroupReading> {
  await requireMember(deps.db, groupId, userId);
  const group = await deps.db
    .selectFrom('groups')
    .select(['plan_id', 'plan_start_date'])
    .where('id', '=', groupId)
    .executeTakeFirstOrThrow();
  const today = await personToday(deps, userId);
  const checkIns = await deps.db
    .selectFrom('group_check_ins')
    .leftJoin('profiles', 'profiles.user_id', 'group_check_ins.user_id')
    .select([
      'group_check_ins.user_id',
      'group_check_ins.text',
      'group_check_ins.created_at',
      'profiles.display_name',
      'profiles.profile_image_url',
    ])
    .where('group_check_ins.group_id', '=', groupId)
    .where('group_check_ins.day', '=', today)
    .orderBy('group_check_ins.created_at', 'desc')
    .limit(groupLimits.membersPerGroup)
    .execute();
  const base = {
    check_ins: checkIns.map((row) => ({
      ...personOf(row),
      text: row.text,
      created_at: row.created_at,
    })),
    my_check_in: checkIns.find((row) => row.user_id === userId)?.text ?? null,
  };
  const planId = group.plan_id;
  const start = group.plan_start_date;
  if (!planId || !start || !isLibraryPlanId(planId)) {
    return { plan: null, day: null, readings: [], following: false, read_today: [], ...base };
  }
  const summary = libraryPlanSummary(planId);
  const plan = { plan_id: planId, title: summary.title, start_date: start, days: summary.days };
  const dayNumber = daysFrom(start, today) + 1;
  const day = dayNumber >= 1 && dayNumber <= summary.days ? dayNumber : null;
  const readings =
    day === null
      ? []
      : (libraryPlanDays(planId)[day - 1]?.readings ?? []).map((reading) => ({
          label: reading.label,
          href: `/read-bible?book=${encodeURIComponent(books[reading.book_index]?.name ?? '')}&chapter=${reading.chapter}`,
        }));
  const following =
    (await deps.db
      .selectFrom('plan_enrollments')
      .select('id')
      .where('user_id', '=', userId)
      .where('plan_id', '=', planId)
      .where('status', 'in', ['active', 'paused'])
      .executeTakeFirst()) !== undefined;
  const readToday =
    day === null
      ? []
      : await deps.db
          .selectFrom('group_members')
          .innerJoin('plan_enrollments', (join) =>
            join
              .onRef('plan_enrollments.user_id', '=', 'group_members.user_id')
              .on('plan_enrollments.plan_id', '=', planId),
          )
          .leftJoin('user_settings', 'user_settings.user_id', 'group_members.user_id')
          .leftJoin('profiles', 'profiles.user_id', 'group_members.user_id')
          .select(['group_members.user_id', 'profiles.display_name', 'profiles.profile_image_url'])
          .distinct()
          .where('group_members.group_id', '=', groupId)
          .where((eb) =>
            eb.or([
              eb('user_settings.show_reading_to_groups', 'is', null),
              eb('user_settings.show_reading_to_groups', '=', true),
            ]),
          )
          .where((eb) =>
            eb.exists(
              eb
                .selectFrom('plan_reading_marks')
                .select('plan_reading_marks.day')
                .whereRef('plan_reading_marks.enrollment_id', '=', 'plan_enrollments.id')
                .where('plan_reading_marks.day', '=', day),
            ),
          )
          .orderBy('profiles.display_name')
          .limit(groupLimits.membersPerGroup)
          .execute();
  return { plan, day, readings, following, read_today: readToday.map(personOf), ...base };
}

/** PUT /api/groups/{id}/plan (leaders): a library plan and its day 1, told to the members. */
export async function setGroupPlan(
  deps: ReadingDeps,
  userId: string,
  groupId: string,
  input: { plan_id: string; start_date: string },
): Promise<GroupReading> {
  await requireLeader(deps.db, groupId, userId);
  if (!isLibraryPlanId(input.plan_id))
    throw new AppError('VALIDATION_ERROR', 'Choose a plan from the library.');
  const today = await personToday(deps, userId);
  const parsed = new Date(`${input.start_date}T00:00:00Z`);
  if (
    Number.isNaN(parsed.getTime()) ||
    parsed.toISOString().slice(0, 10) !== input.start_date ||
    Math.abs(daysFrom(today, input.start_date)) > startDateReachDays
  ) {
    throw new AppError('VALIDATION_ERROR', 'Choose a start date within a year of today.');
  }
  await deps.db
    .updateTable('groups')
    .set({
      plan_id: input.plan_id,
      plan_start_date: input.start_date,
      updated_at: deps.clock.now().toISOString(),
    })
    .where('id', '=', groupId)
    .execute();
  deps.events.publish({ group_id: groupId, type: 'reading' });
  deps.events.publish({ group_id: groupId, type: 'group' });
  await sendGroupNotice(deps, {
    groupId,
    kind: 'group_reading',
    actorId: userId,
    to: 'members',
  });
  return groupReading(deps, userId, groupId);
}

/** DELETE /api/groups/{id}/plan (leaders): the group reads no plan together. */
export async function clearGroupPlan(
  deps: ReadingDeps,
  userId: string,
  groupId: string,
): Promise<void> {
  await requireLeader(deps.db, groupId, userId);
  await deps.db
    .updateTable('groups')
    .set({ plan_id: null, plan_start_date: null, updated_at: deps.clock.now().toISOString() })
    .where('id', '=', groupId)
    .execute();
  deps.events.publish({ group_id: groupId, type: 'reading' });
  deps.events.publish({ group_id: groupId, type: 'group' });
}

/** PUT /api/groups/{id}/check-in: my one line for today (again the same day: it replaces it). */
export async function checkIn(
  deps: ReadingDeps,
  userId: string,
  groupId: string,
  text: string,
): Promise<GroupReading> {
  await requireMember(deps.db, groupId, userId);
  const day = await personToday(deps, userId);
  const now = deps.clock.now().toISOString();
  await deps.db
    .insertInto('group_check_ins')
    .values({ group_id: groupId, user_id: userId, day, text, created_at: now })
    .onConflict((oc) =>
      oc.columns(['group_id', 'day', 'user_id']).doUpdateSet({ text, created_at: now }),
    )
    .execute();
  deps.events.publish({ group_id: groupId, type: 'reading' });
  return groupReading(deps, userId, groupId);
}
