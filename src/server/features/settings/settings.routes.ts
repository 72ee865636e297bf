import type { FastifyInstance } from 'fastify';
import {
  updateSettingsRequestSchema,
  userSettingsSchema,
} from '../../../shared/schemas/settings.ts';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../security/sessions.ts';
import { parseInput } from '../../validate.ts';
import { getSettings, updateSettings } from './settings.service.ts';
import { respondsWith } from '../../response-schema.ts';

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
