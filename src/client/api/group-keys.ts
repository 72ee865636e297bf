/**
 * The query keys of everything groups show (decision 028), in one place: the group page's live
 * stream (use-group-events.ts) refetches by these, and the API hooks (groups.ts) read by them.
 */
export const groupKeys = {
  all: ['groups'] as const,
  list: ['groups', 'list'] as const,
  group: (groupId: string) => ['groups', groupId] as const,
  members: (groupId: string) => ['groups', groupId, 'members'] as const,
  invites: (groupId: string) => ['groups', groupId, 'invites'] as const,
  posts: (groupId: string) => ['groups', groupId, 'posts'] as const,
  replies: (groupId: string, postId: string) =>
    ['groups', groupId, 'posts', postId, 'replies'] as const,
  reading: (groupId: string) => ['groups', groupId, 'reading'] as const,
  reports: (groupId: string) => ['groups', groupId, 'reports'] as const,
  invite: (token: string) => ['group-invite', token] as const,
};
