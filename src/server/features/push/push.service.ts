import { ECDH, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { AppError } from '#server/app-error.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/connect.ts';
import type { PushSender } from '#server/push.ts';
import type {
  deletePushSubscriptionRequestSchema,
  pushSubscriptionRequestSchema,
} from '#shared/schemas/notifications.ts';

type PushSubscriptionInput = z.output<typeof pushSubscriptionRequestSchema>;
type DeletePushSubscriptionInput = z.output<typeof deletePushSubscriptionRequestSchema>;

type PushDeps = { db: Db; clock: Clock; push: PushSender };

/** One per browser; more than this means old browsers that never unsubscribed. */
export const maxPushSubscriptionsPerUser = 10;

function invalidKey(field: 'p256dh' | 'auth'): AppError {
  return new AppError('VALIDATION_ERROR', `keys.${field}: The push key is not valid.`);
}

/**
 * The payload is encrypted to these keys (RFC 8291): p256dh must be an uncompressed P-256 point
 * and auth a secret of at least 16 bytes. Checked here, so a bad key is refused now instead of
 * failing every push later.
 */
function assertUsableKeys(keys: PushSubscriptionInput['keys']): void {
  const p256dh = Buffer.from(keys.p256dh, 'base64url');
  try {
    // Throws unless the bytes are a point on the curve.
    ECDH.convertKey(p256dh, 'prime256v1');
  } catch {
    throw invalidKey('p256dh');
  }
  if (p256dh.length !== 65) throw invalidKey('p256dh');
  if (Buffer.from(keys.auth, 'base64url').length < 16) throw invalidKey('auth');
}

/**
 * Stores the browser's subscription for the user. The endpoint is unique: a browser has one
 * subscription, so when another user signs in on it and subscribes, it moves to them. The
 * request schema has already limited the endpoint to a known push service's https address.
 */
export async function savePushSubscription(
  { db, clock, push }: PushDeps,
  userId: string,
  subscription: PushSubscriptionInput,
): Promise<void> {
  if (!push.enabled) {
    throw new AppError(
      'PUSH_NOT_CONFIGURED',
      'Push notifications are not configured on this server.',
    );
  }
  assertUsableKeys(subscription.keys);
  // created_at is when the browser last confirmed the subscription: the oldest one goes first.
  const now = clock.now().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('push_subscriptions')
      .values({
        id: randomUUID(),
        user_id: userId,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        created_at: now,
      })
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({
          user_id: userId,
          p256dh: subscription.keys.p256dh,
          auth: subscription.keys.auth,
          created_at: now,
        }),
      )
      .execute();
    const newestFirst = await trx
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const surplus = newestFirst.slice(maxPushSubscriptionsPerUser).map((row) => row.id);
    if (surplus.length > 0) {
      await trx.deleteFrom('push_subscriptions').where('id', 'in', surplus).execute();
    }
  });
}

/** Forgets the browser's subscription, only if it is the user's own; deleting twice is fine. */
export async function deletePushSubscription(
  db: Db,
  userId: string,
  { endpoint }: DeletePushSubscriptionInput,
): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('endpoint', '=', endpoint)
    .where('user_id', '=', userId)
    .execute();
}
