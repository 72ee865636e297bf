/**
 * Groups that read and pray together (docs/product.md "Groups", decision 028): the limits each
 * side checks, in one place.
 */
export const groupLimits = {
  name: 80,
  description: 500,
  /** A request shared on the prayer wall. */
  post: 1_000,
  /** An encouragement, or the author's update. */
  reply: 500,
  /** A member's one line for the day. */
  checkIn: 140,
  /** A report's reason. */
  reportReason: 300,
  answerNote: 500,
  /** The groups one person may be in, and the members one group may have. */
  groupsPerPerson: 20,
  membersPerGroup: 500,
  /** An invite link lasts this many days unless chosen otherwise, at most inviteDaysMax. */
  inviteDaysDefault: 7,
  inviteDaysMax: 30,
  inviteUsesMax: 500,
  /** Open invite links per group at once. */
  openInvitesPerGroup: 20,
  /** The names shown under a request's "I prayed" count. */
  prayedNames: 5,
} as const;

export const groupRoles = ['owner', 'leader', 'member'] as const;
export type GroupRoleName = (typeof groupRoles)[number];

/** How a role is named on screen. */
export const groupRoleLabels: Record<GroupRoleName, string> = {
  owner: 'Owner',
  leader: 'Leader',
  member: 'Member',
};

/** What a leader may do that a member may not; the owner may do all a leader may. */
export const isLeaderRole = (role: GroupRoleName): boolean => role === 'owner' || role === 'leader';

/** The kinds of group notice, each with its own switch in Settings. */
export const groupNoticeKinds = [
  'group_request',
  'group_prayed',
  'group_update',
  'group_reading',
] as const;
export type GroupNoticeKind = (typeof groupNoticeKinds)[number];

/** At most one notice of each kind per group per person in this long; more are gathered into it. */
export const groupNoticeWindowMs = 60 * 60 * 1000;

/** What a removed or departed author's name shows as. */
export const formerMemberName = 'A former member';
/** What an anonymous request's author shows as. */
export const anonymousName = 'Someone in the group';
