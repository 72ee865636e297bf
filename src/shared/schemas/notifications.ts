import { z } from 'zod';
import { pushEndpointProblem } from '#shared/notifications/push-endpoint.ts';
import { pageSchema } from './pagination.ts';

/**
 * product §3 notifications, plus `link` (where clicking it goes). journal_reminder shows a heart,
 * every other type a bell (product §2), so the client treats unknown types as bells.
 */
export const notificationTypes = [
  'journal_reminder',
  'daily_verse',
  'daily_reading',
  'test',
] as const;
export type NotificationType = (typeof notificationTypes)[number];

export const notificationSchema = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  /** A path inside the app ('/journal'), or null when the notification leads nowhere. */
  link: z.string().nullable(),
  is_read: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/**
 * GET /api/notifications?limit=&cursor=: newest first, a page at a time (decision 012), with the
 * unread count for the bell's badge.
 */
export const notificationPageSchema = /* @__PURE__ */ pageSchema(notificationSchema).extend({
  unread_count: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** GET /api/notifications/unread-count — cheap, polled every minute while the tab is visible. */
export const unreadCountResponseSchema = z.object({ unread_count: z.number().int() });
export type UnreadCountResponse = z.infer<typeof unreadCountResponseSchema>;

/** POST /api/notifications/read-all */
export const markAllReadResponseSchema = z.object({
  updated: z.number().int(),
  unread_count: z.number().int(),
});
export type MarkAllReadResponse = z.infer<typeof markAllReadResponseSchema>;

/** POST /api/dev/reminders/run (development only): run the reminder tick for the caller. */
export const runRemindersRequestSchema = z.object({
  /** The instant to run the tick as (ISO 8601); now when left out. */
  at: z.iso.datetime({ offset: true, error: 'Give `at` as an ISO 8601 date and time.' }).optional(),
});
export type RunRemindersRequest = z.input<typeof runRemindersRequestSchema>;
export const runRemindersResponseSchema = z.object({
  created: z.array(notificationSchema),
});
export type RunRemindersResponse = z.infer<typeof runRemindersResponseSchema>;

/** GET /api/push/config — public: whether this server can send Web Push, and its VAPID key. */
export const pushConfigResponseSchema = z.object({
  enabled: z.boolean(),
  public_key: z.string().nullable(),
});
export type PushConfigResponse = z.infer<typeof pushConfigResponseSchema>;

const base64Url = /^[A-Za-z0-9_-]+=*$/;

/** PUT /api/push/subscription — the browser's PushSubscription.toJSON(), stored for the user. */
export const pushSubscriptionRequestSchema = z.object({
  endpoint: z
    .string()
    .max(2048, 'The push endpoint is too long.')
    .superRefine((endpoint, context) => {
      const problem = pushEndpointProblem(endpoint);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
  keys: z.object({
    p256dh: z.string().min(1).max(200).regex(base64Url, 'The push key is not valid.'),
    auth: z.string().min(1).max(100).regex(base64Url, 'The push key is not valid.'),
  }),
});
export type PushSubscriptionRequest = z.input<typeof pushSubscriptionRequestSchema>;

/** DELETE /api/push/subscription */
export const deletePushSubscriptionRequestSchema = z.object({
  endpoint: z.string().min(1).max(2048),
});
export type DeletePushSubscriptionRequest = z.input<typeof deletePushSubscriptionRequestSchema>;

/** What the service worker receives in a push message (JSON). */
export const pushPayloadSchema = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  link: z.string().nullable(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
