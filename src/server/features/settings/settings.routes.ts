import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/app-context.ts';
import { reschedulePrayerReminders } from '#server/features/prayers/prayers.service.ts';
import { respondsWith } from '#server/response-schema.ts';
import { requireUser } from '#server/security/sessions.ts';
import { parseInput } from '#server/validate.ts';
import { updateSettingsRequestSchema, userSettingsSchema } from '#shared/schemas/settings.ts';
import { getSettings, updateSettings } from './settings.service.ts';

export function settingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  app.get('/api/settings', respondsWith(userSettingsSchema), async (request) =>
    getSettings(db, requireUser(request)),
  );

  app.patch('/api/settings', respondsWith(userSettingsSchema), async (request) => {
    const userId = requireUser(request);
    const changes = parseInput(updateSettingsRequestSchema, request.body);
    return db.transaction().execute(async (trx) => {
      const settings = await updateSettings({ db: trx, clock: ctx.clock }, userId, changes);
      // Prayer reminders come at their time where the person now is (decision 025).
      if (changes.reminder_timezone !== undefined) {
        await reschedulePrayerReminders(trx, userId, settings.reminder_timezone, ctx.clock.now());
      }
      return settings;
    });
  });
}
