import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/app-context.ts';
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
    return updateSettings({ db, clock: ctx.clock }, userId, changes);
  });
}
