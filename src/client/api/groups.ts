import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { apiDelete, apiRequest } from '#client/lib/api-client.ts';
import { getPage, pageParams } from '#client/lib/pages.ts';
import type {
  CreateGroupRequest,
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

export function useRenameGroup(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; description: string }) =>
      apiRequest<Group>(base(groupId), { method: 'PATCH', body }),
    onSuccess: (group) => {
      queryClient.setQueryData(groupKeys.group(groupId), group);
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

export function usePassOwnership(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest<Group>(`${base(groupId)}/owner`, { method: 'POST', body: { user_id: userId } }),
    onSuccess: (group) => {
      queryClient.setQueryData(groupKeys.group(groupId), group);
      void queryClient.invalidateQueries({ queryKey: groupKeys.members(groupId) });
      void queryClient.invalidateQueries({ queryKey: groupKeys.list });
    },
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
