import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/app-context.ts';
import { respondsWith } from '#server/response-schema.ts';
import { requireUser } from '#server/security/sessions.ts';
import { parseInput } from '#server/validate.ts';
import {
  habitReminderSchema,
  streakResponseSchema,
  streakSettingsRequestSchema,
} from '#shared/schemas/habits.ts';
import { getHabitReminder, saveHabitReminder } from './habit-reminder.service.ts';
import { getStreak, setRestDay } from './streaks.service.ts';

/** The streak and the daily reading reminder (decision 016). */
export function streakRoutes(app: FastifyInstance, ctx: AppContext): void {
  const deps = { db: ctx.database.db, clock: ctx.clock };

  app.get('/api/streak', respondsWith(streakResponseSchema), async (request) =>
    getStreak(deps, requireUser(request)),
  );

  app.put('/api/streak/settings', respondsWith(streakResponseSchema), async (request) => {
    const userId = requireUser(request);
    const { rest_day } = parseInput(streakSettingsRequestSchema, request.body);
    return setRestDay(deps, userId, rest_day);
  });

  app.get('/api/habit-reminder', respondsWith(habitReminderSchema), async (request) =>
    getHabitReminder(deps.db, requireUser(request)),
  );

  app.put('/api/habit-reminder', respondsWith(habitReminderSchema), async (request) => {
    const userId = requireUser(request);
    const reminder = parseInput(habitReminderSchema, request.body);
    return saveHabitReminder(deps, userId, reminder);
  });
}
