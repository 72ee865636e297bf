import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { apiDelete, apiRequest } from '#client/lib/api-client.ts';
import { getPage, mapLoadedItems, pageParams, type PagedData } from '#client/lib/pages.ts';
import type {
  CreateGroupRequest,
  CreatePostRequest,
  Group,
  GroupInvite,
  GroupMember,
  GroupPost,
  GroupReply,
  GroupSummary,
  InvitePreview,
} from '#shared/schemas/groups.ts';
import { groupKeys } from './group-keys.ts';

export type { Group, GroupMember, GroupPost, GroupReply, GroupSummary, InvitePreview };

const base = (groupId: string) => `/api/groups/${encodeURIComponent(groupId)}`;

/** /groups: the person's groups. */
export function useMyGroups() {
  return useQuery({
    queryKey: groupKeys.list,
    queryFn: ({ signal }) => apiRequest<{ items: GroupSummary[] }>('/api/groups', { signal }),
    meta: { errorToast: { title: 'Error', description: 'Failed to load your groups.' } },
  });
}

export function useGroup(groupId: string) {
  return useQuery({
    queryKey: groupKeys.group(groupId),
    queryFn: ({ signal }) => apiRequest<Group>(base(groupId), { signal }),
    retry: (count, error) => count < 2 && !(error instanceof Error && 'status' in error),
  });
}

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateGroupRequest) =>
      apiRequest<Group>('/api/groups', { method: 'POST', body }),
    onSuccess: (group) => {
      queryClient.setQueryData(groupKeys.group(group.id), group);
      void queryClient.invalidateQueries({ queryKey: groupKeys.list });
    },
  });
}

export function useLeaveGroup(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>(`${base(groupId)}/leave`, { method: 'POST' }),
    onSuccess: () => forgetGroup(queryClient, groupId),
  });
}

export function useDeleteGroup(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiDelete(base(groupId)),
    onSuccess: () => forgetGroup(queryClient, groupId),
  });
}

/** After leaving, deletion or removal: nothing of the group stays in the cache. */
export function forgetGroup(queryClient: QueryClient, groupId: string): void {
  queryClient.removeQueries({ queryKey: groupKeys.group(groupId) });
  void queryClient.invalidateQueries({ queryKey: groupKeys.list });
}

export function useMembers(groupId: string) {
  return useInfiniteQuery({
    queryKey: groupKeys.members(groupId),
    queryFn: ({ pageParam, signal }) =>
      getPage<GroupMember>(`${base(groupId)}/members`, {}, pageParam, signal),
    ...pageParams,
  });
}

export function useRemoveMember(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiDelete(`${base(groupId)}/members/${encodeURIComponent(userId)}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: groupKeys.members(groupId) });
      void queryClient.invalidateQueries({ queryKey: groupKeys.group(groupId) });
    },
  });
}

export function useChangeRole(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: 'leader' | 'member' }) =>
      apiRequest<GroupMember>(`${base(groupId)}/members/${encodeURIComponent(userId)}`, {
        method: 'PATCH',
        body: { role },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: groupKeys.members(groupId) }),
  });
}

export function useCreateInvite(groupId: string) {
  return useMutation({
    mutationFn: (body: { days: number; max_uses: number | null }) =>
      apiRequest<GroupInvite>(`${base(groupId)}/invites`, { method: 'POST', body }),
  });
}

export function useInvitePreview(token: string) {
  return useQuery({
    queryKey: groupKeys.invite(token),
    queryFn: ({ signal }) =>
      apiRequest<InvitePreview>(`/api/group-invites/${encodeURIComponent(token)}`, { signal }),
    retry: false,
  });
}

export function useAcceptInvite(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<{ group_id: string }>(`/api/group-invites/${encodeURIComponent(token)}/accept`, {
        method: 'POST',
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: groupKeys.list }),
  });
}

/** The prayer wall, newest first, a page at a time. */
export function usePosts(groupId: string) {
  return useInfiniteQuery({
    queryKey: groupKeys.posts(groupId),
    queryFn: ({ pageParam, signal }) =>
      getPage<GroupPost>(`${base(groupId)}/posts`, {}, pageParam, signal),
    ...pageParams,
    meta: { errorToast: { title: 'Error', description: 'Failed to load the prayer wall.' } },
  });
}

/** Puts the post as the server now has it in every page of the wall. */
function replacePost(queryClient: QueryClient, groupId: string, post: GroupPost): void {
  queryClient.setQueryData<PagedData<GroupPost>>(groupKeys.posts(groupId), (data) =>
    mapLoadedItems(data, (items) => items.map((item) => (item.id === post.id ? post : item))),
  );
}

export function useSharePost(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePostRequest) =>
      apiRequest<GroupPost>(`${base(groupId)}/posts`, { method: 'POST', body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: groupKeys.posts(groupId) }),
  });
}

/**
 * "I prayed": counted at once on the screen, and taken back if the server refuses; already
 * prayed today (409) stays shown as prayed.
 */
export function usePrayFor(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: GroupPost) =>
      apiRequest<GroupPost>(`${base(groupId)}/posts/${post.id}/prayed`, { method: 'POST' }),
    onMutate: (post) => {
      replacePost(queryClient, groupId, {
        ...post,
        prayed_by_me_today: true,
        prayed_count: post.prayed_count + 1,
      });
      return { post };
    },
    onSuccess: (post) => replacePost(queryClient, groupId, post),
    onError: (error, _post, context) => {
      const alreadyPrayed = error instanceof Error && 'status' in error && error.status === 409;
      if (context && !alreadyPrayed) replacePost(queryClient, groupId, context.post);
      void queryClient.invalidateQueries({ queryKey: groupKeys.posts(groupId) });
    },
  });
}

export function useAnswerPost(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, answer_note }: { postId: string; answer_note: string }) =>
      apiRequest<GroupPost>(`${base(groupId)}/posts/${postId}`, {
        method: 'PATCH',
        body: { answered: true, answer_note },
      }),
    onSuccess: (post) => replacePost(queryClient, groupId, post),
  });
}

export function useHidePost(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, hidden }: { postId: string; hidden: boolean }) =>
      apiRequest<void>(`${base(groupId)}/posts/${postId}/${hidden ? 'hide' : 'unhide'}`, {
        method: 'POST',
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: groupKeys.posts(groupId) }),
  });
}

export function useReport(groupId: string) {
  return useMutation({
    mutationFn: (body: { post_id?: string; reply_id?: string; reason: string }) =>
      apiRequest<{ id: string }>(`${base(groupId)}/reports`, { method: 'POST', body }),
  });
}

export function useReplies(groupId: string, postId: string, isEnabled: boolean) {
  return useInfiniteQuery({
    queryKey: groupKeys.replies(groupId, postId),
    queryFn: ({ pageParam, signal }) =>
      getPage<GroupReply>(`${base(groupId)}/posts/${postId}/replies`, {}, pageParam, signal),
    ...pageParams,
    enabled: isEnabled,
  });
}

export function useReply(groupId: string, postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { kind: 'encouragement' | 'update'; text: string }) =>
      apiRequest<GroupReply>(`${base(groupId)}/posts/${postId}/replies`, {
        method: 'POST',
        body,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: groupKeys.replies(groupId, postId) });
      void queryClient.invalidateQueries({ queryKey: groupKeys.posts(groupId) });
    },
  });
}
