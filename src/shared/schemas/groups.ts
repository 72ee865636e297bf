import { z } from 'zod';
import { groupLimits, groupRoles } from '#shared/rules/groups.ts';
import { pageQuerySchema, pageSchema } from './pagination.ts';

export { groupLimits, groupRoles } from '#shared/rules/groups.ts';

/**
 * Groups that read and pray together (decision 028). Every route answers only a member of the
 * group (a visitor 401, anyone else 404, as if the group did not exist); leaders' routes answer
 * a member 403.
 */

const trimmedText = (max: number, empty: string, tooLong: string) =>
  z.string({ error: empty }).trim().min(1, empty).max(max, tooLong);

export const groupNameSchema = trimmedText(
  groupLimits.name,
  'Please give the group a name.',
  'A group name can be at most 80 characters.',
);
export const groupDescriptionSchema = z
  .string()
  .trim()
  .max(groupLimits.description, 'A description can be at most 500 characters.');

export const groupRoleSchema = z.enum(groupRoles);

/** A person as the group sees them: their display name and picture, no e-mail. */
export const groupPersonSchema = z.object({
  user_id: z.string(),
  display_name: z.string(),
  profile_image_url: z.string().nullable(),
});
export type GroupPerson = z.infer<typeof groupPersonSchema>;

/** A group in the list at /groups. */
export const groupSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  member_count: z.number().int(),
  my_role: groupRoleSchema,
  joined_at: z.string(),
});
export type GroupSummary = z.infer<typeof groupSummarySchema>;
/** GET /api/groups: every group of the person (at most 20), newest joined first. */
export const groupListSchema = z.object({ items: z.array(groupSummarySchema) });

/** The plan a group reads together, as its page shows it. */
export const groupPlanSchema = z.object({
  plan_id: z.string(),
  title: z.string(),
  start_date: z.string(),
  days: z.number().int(),
});
export type GroupPlan = z.infer<typeof groupPlanSchema>;

/** GET /api/groups/{id}. */
export const groupSchema = groupSummarySchema.extend({
  owner: groupPersonSchema,
  plan: groupPlanSchema.nullable(),
  created_at: z.string(),
});
export type Group = z.infer<typeof groupSchema>;

/** POST /api/groups; PATCH /api/groups/{id} takes either field (the owner only). */
export const createGroupRequestSchema = z.object({
  name: groupNameSchema,
  description: groupDescriptionSchema.default(''),
});
export type CreateGroupRequest = z.input<typeof createGroupRequestSchema>;
export const updateGroupRequestSchema = z
  .object({ name: groupNameSchema, description: groupDescriptionSchema })
  .partial()
  .refine((body) => body.name !== undefined || body.description !== undefined, {
    message: 'Change the name or the description.',
  });

/** GET /api/groups/{id}/members?limit=&cursor=: the owner, then leaders, then members by joining. */
export const groupMemberSchema = groupPersonSchema.extend({
  role: groupRoleSchema,
  joined_at: z.string(),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;
export const groupMemberPageSchema = pageSchema(groupMemberSchema);

/** PATCH /api/groups/{id}/members/{userId} (the owner): name a leader, or make one a member again. */
export const changeRoleRequestSchema = z.object({
  role: z.enum(['leader', 'member'], { error: 'Choose leader or member.' }),
});
/** POST /api/groups/{id}/owner (the owner): pass ownership to another member. */
export const passOwnershipRequestSchema = z.object({
  user_id: z.string({ error: 'Choose the member to pass the group on to.' }).min(1).max(100),
});

/** An invite link as its group's leaders see it. The token is in `url` only when just made. */
export const groupInviteSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  max_uses: z.number().int().nullable(),
  uses: z.number().int(),
  revoked_at: z.string().nullable(),
  /** /groups/join/{token}: only in the answer to POST, as the token is never stored. */
  url: z.string().optional(),
});
export type GroupInvite = z.infer<typeof groupInviteSchema>;
export const groupInviteListSchema = z.object({ items: z.array(groupInviteSchema) });
const inviteDaysMessage = `Choose from 1 to ${groupLimits.inviteDaysMax} days.`;
const inviteUsesMessage = `Choose from 1 to ${groupLimits.inviteUsesMax} uses, or no limit.`;
/** POST /api/groups/{id}/invites (leaders). */
export const createInviteRequestSchema = z.object({
  days: z
    .number({ error: inviteDaysMessage })
    .int(inviteDaysMessage)
    .min(1, inviteDaysMessage)
    .max(groupLimits.inviteDaysMax, inviteDaysMessage)
    .default(groupLimits.inviteDaysDefault),
  max_uses: z
    .number({ error: inviteUsesMessage })
    .int(inviteUsesMessage)
    .min(1, inviteUsesMessage)
    .max(groupLimits.inviteUsesMax, inviteUsesMessage)
    .nullable()
    .default(null),
});

/** GET /api/group-invites/{token}: what the link's page shows before joining (name only). */
export const invitePreviewSchema = z.object({
  group_name: z.string(),
  member_count: z.number().int(),
  expires_at: z.string(),
  /** Set when the person asking is already in the group. */
  group_id: z.string().nullable(),
});
export type InvitePreview = z.infer<typeof invitePreviewSchema>;
/** POST /api/group-invites/{token}/accept: the group joined (or already joined). */
export const inviteAcceptedSchema = z.object({ group_id: z.string() });

/** A request on the prayer wall. */
export const groupPostSchema = z.object({
  id: z.string(),
  /** null: anonymous to the group (unless it is mine), or a former member's. */
  author: groupPersonSchema.nullable(),
  /** What to call the author: their name, "Someone in the group" or "A former member". */
  author_name: z.string(),
  is_anonymous: z.boolean(),
  is_mine: z.boolean(),
  text: z.string(),
  answered_at: z.string().nullable(),
  answer_note: z.string().nullable(),
  /** Only leaders see hidden posts, marked so; members never get them. */
  hidden: z.boolean(),
  prayed_count: z.number().int(),
  prayed_by_me_today: z.boolean(),
  /** Up to five who prayed, newest first; empty on an anonymous request. */
  prayed_names: z.array(z.string()),
  reply_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type GroupPost = z.infer<typeof groupPostSchema>;
export const groupPostPageSchema = pageSchema(groupPostSchema);
export const groupPostsQuerySchema = pageQuerySchema;

const postTextMessage = 'Please write your request before sharing it.';
/** POST /api/groups/{id}/posts: a request, or one from my prayer list by its id. */
export const createPostRequestSchema = z
  .object({
    text: z
      .string({ error: postTextMessage })
      .trim()
      .max(groupLimits.post, 'A request can be at most 1,000 characters.')
      .optional(),
    prayer_request_id: z.string().min(1).max(100).optional(),
    is_anonymous: z.boolean().default(false),
  })
  .refine((body) => (body.text ?? '') !== '' || body.prayer_request_id !== undefined, {
    message: postTextMessage,
    path: ['text'],
  });
export type CreatePostRequest = z.input<typeof createPostRequestSchema>;

/** PATCH /api/groups/{id}/posts/{postId} (its author): mark it answered, or not. */
export const updatePostRequestSchema = z.object({
  answered: z.boolean({ error: 'Say whether the prayer is answered.' }),
  answer_note: z
    .string()
    .trim()
    .max(groupLimits.answerNote, 'Say how in at most 500 characters.')
    .optional(),
});

/** POST /api/groups/{id}/posts/{postId}/prayed: once a day; the answer is the post as now. */

/** A reply under a request: an encouragement, or the author's update. */
export const groupReplySchema = z.object({
  id: z.string(),
  post_id: z.string(),
  kind: z.enum(['encouragement', 'update']),
  author: groupPersonSchema.nullable(),
  author_name: z.string(),
  is_mine: z.boolean(),
  text: z.string(),
  hidden: z.boolean(),
  created_at: z.string(),
});
export type GroupReply = z.infer<typeof groupReplySchema>;
/** GET /api/groups/{id}/posts/{postId}/replies?limit=&cursor=: oldest first. */
export const groupReplyPageSchema = pageSchema(groupReplySchema);
const replyMessage = 'Please write something before posting.';
export const createReplyRequestSchema = z.object({
  kind: z.enum(['encouragement', 'update']).default('encouragement'),
  text: trimmedText(
    groupLimits.reply,
    replyMessage,
    'An encouragement can be at most 500 characters.',
  ),
});

/** POST /api/groups/{id}/reports: any member reports a post or a reply to the leaders. */
export const createReportRequestSchema = z
  .object({
    post_id: z.string().min(1).max(100).optional(),
    reply_id: z.string().min(1).max(100).optional(),
    reason: z
      .string()
      .trim()
      .max(groupLimits.reportReason, 'A reason can be at most 300 characters.')
      .default(''),
  })
  .refine((body) => (body.post_id === undefined) !== (body.reply_id === undefined), {
    message: 'Report one request or one reply.',
  });
/** GET /api/groups/{id}/reports (leaders): the open reports, oldest first. */
export const groupReportSchema = z.object({
  id: z.string(),
  post_id: z.string().nullable(),
  reply_id: z.string().nullable(),
  /** The words reported, so a leader can judge without opening the thread. */
  text: z.string(),
  reason: z.string(),
  created_at: z.string(),
});
export type GroupReport = z.infer<typeof groupReportSchema>;
export const groupReportListSchema = z.object({ items: z.array(groupReportSchema) });

/** PUT /api/groups/{id}/plan (leaders): a library plan and its day 1 for the group. */
export const setGroupPlanRequestSchema = z.object({
  plan_id: z.string({ error: 'Choose a plan.' }).min(1, 'Choose a plan.').max(100),
  start_date: z
    .string({ error: 'Choose a start date.' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a start date.'),
});

/** GET /api/groups/{id}/reading: the group's day in its plan, who read, and the check-ins. */
export const groupReadingSchema = z.object({
  plan: groupPlanSchema.nullable(),
  /** The plan day for today in the person's zone: null before day 1 or after the last. */
  day: z.number().int().nullable(),
  readings: z.array(z.object({ label: z.string(), href: z.string() })),
  /** Whether I follow the group's plan (one of my plans). */
  following: z.boolean(),
  /** Members who read today's readings and allow it to be shown. */
  read_today: z.array(groupPersonSchema),
  check_ins: z.array(groupPersonSchema.extend({ text: z.string(), created_at: z.string() })),
  my_check_in: z.string().nullable(),
});
export type GroupReading = z.infer<typeof groupReadingSchema>;
/** PUT /api/groups/{id}/check-in: my one line for today. */
export const checkInRequestSchema = z.object({
  text: trimmedText(
    groupLimits.checkIn,
    'Please write a line before checking in.',
    'A check-in can be at most 140 characters.',
  ),
});

/**
 * GET /api/groups/{id}/events: server-sent events. Each `data:` line is one of these; the page
 * refetches what it names. `removed` ends the stream: the person is no longer in the group.
 */
export const groupEventSchema = z.object({
  type: z.enum(['posts', 'replies', 'prayed', 'reading', 'members', 'group', 'removed']),
  post_id: z.string().optional(),
});
export type GroupEvent = z.infer<typeof groupEventSchema>;
