import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '#server/app-context.ts';
import { AppError } from '#server/app-error.ts';
import { respondsWith } from '#server/response-schema.ts';
import { requireUser } from '#server/security/sessions.ts';
import { acceptRawUploads, uploadBody, uploadGuards } from '#server/storage/uploads.ts';
import { parseInput } from '#server/validate.ts';
import { fileMessages } from '#shared/rules/files.ts';
import { profileSchema, updateProfileRequestSchema } from '#shared/schemas/profile.ts';
import { removeProfilePicture, setProfilePicture } from './profile-picture.service.ts';
import { getProfile, updateProfile } from './profile.service.ts';

// A fraction 0..1 as query text: an empty value is no number (never 0), a repeated one no crop.
const fraction = z.string().trim().min(1).transform(Number).pipe(z.number().min(0).max(1));
const size = fraction.refine((value) => value > 0);

/** The crop, as fractions of the upright picture: all four, or none (the centre square). */
const cropQuerySchema = z
  .object({ left: fraction, top: fraction, width: size, height: size })
  .partial()
  .refine((crop) => {
    const given = [crop.left, crop.top, crop.width, crop.height].filter((v) => v !== undefined);
    return given.length === 0 || given.length === 4;
  })
  .transform((crop) =>
    crop.left !== undefined &&
    crop.top !== undefined &&
    crop.width !== undefined &&
    crop.height !== undefined
      ? { left: crop.left, top: crop.top, width: crop.width, height: crop.height }
      : null,
  );

function cropOf(query: unknown) {
  const parsed = cropQuerySchema.safeParse(query);
  // One message for any crop that is not four fractions: the screen sends them, never a person.
  if (!parsed.success) throw new AppError('BAD_REQUEST', fileMessages.badCrop);
  return parsed.data;
}

export async function profileRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  const deps = { db, clock: ctx.clock };
  app.get('/api/profile', respondsWith(profileSchema), async (request) =>
    getProfile(db, requireUser(request)),
  );

  app.patch('/api/profile', respondsWith(profileSchema), async (request) => {
    const userId = requireUser(request);
    const changes = parseInput(updateProfileRequestSchema, request.body);
    return updateProfile(deps, userId, changes);
  });

  await app.register(async (scope) => {
    acceptRawUploads(scope);
    scope.put(
      '/api/profile/picture',
      respondsWith(profileSchema, { onRequest: uploadGuards(scope, ctx) }),
      async (request) => {
        const userId = requireUser(request);
        const crop = cropOf(request.query);
        return setProfilePicture(deps, userId, uploadBody(request), crop);
      },
    );
  });

  app.delete('/api/profile/picture', respondsWith(profileSchema), async (request) =>
    removeProfilePicture(deps, requireUser(request)),
  );
}
