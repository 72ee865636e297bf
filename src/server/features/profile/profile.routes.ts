import type { FastifyInstance } from 'fastify';
import { updateProfileRequestSchema } from '../../../shared/schemas/profile.ts';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../security/sessions.ts';
import { parseInput } from '../../validate.ts';
import { getProfile, updateProfile } from './profile.service.ts';

export function profileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  app.get('/api/profile', async (request) => getProfile(db, requireUser(request)));

  app.patch('/api/profile', async (request) => {
    const userId = requireUser(request);
    const changes = parseInput(updateProfileRequestSchema, request.body);
    return updateProfile({ db, clock: ctx.clock }, userId, changes);
  });
}
