// A group's prayer wall and reading together (decision 028): requests a page at a time, "I prayed"
// counted at once on the screen, replies, leaders' hiding and reports, and the group's plan.
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { ApiError, apiDelete, apiRequest } from '#client/lib/api-client.ts';
import { getPage, mapLoadedItems, pageParams, type PagedData } from '#client/lib/pages.ts';
import type {
  CreatePostRequest,
  GroupPost,
  GroupReading,
  GroupReply,
  GroupReport,
} from '#shared/schemas/groups.ts';
import { groupKeys } from './group-keys.ts';

export type { GroupPost, GroupReading, GroupReply, GroupReport };

const base = (groupId: string) => `/api/groups/${encodeURIComponent(groupId)}`;
const postPath = (groupId: string, postId: string, rest = '') =>
  `${base(groupId)}/posts/${encodeURIComponent(postId)}${rest}`;

/** The prayer wall, newest first, a page at a time. */
export function useWallPosts(groupId: string) {
  return useInfiniteQuery({
    queryKey: groupKeys.posts(groupId),
    queryFn: ({ pageParam, signal }) =>
      getPage<GroupPost>(`${base(groupId)}/posts`, {}, pageParam, signal),
    ...pageParams,
    meta: { errorToast: { title: 'Error', description: 'Failed to load the prayer wall.' } },
  });
}

/** Puts the post as now known into every loaded page of the wall. */
function putPost(queryClient: QueryClient, groupId: string, post: GroupPost): void {
  queryClient.setQueryData<PagedData<GroupPost>>(groupKeys.posts(groupId), (data) =>
    mapLoadedItems(data, (items) => items.map((item) => (item.id === post.id ? post : item))),
  );
}

function refreshWall(queryClient: QueryClient, groupId: string): void {
  void queryClient.invalidateQueries({ queryKey: groupKeys.posts(groupId) });
}

/** Shares a request: its text, or one from my prayer list (prayer_request_id). */
export function useCreateWallPost(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePostRequest) =>
      apiRequest<GroupPost>(`${base(groupId)}/posts`, { method: 'POST', body }),
    onSuccess: () => refreshWall(queryClient, groupId),
  });
}

/** The author marks a request answered (with how), or not answered again. */
export function useMarkAnswered(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      postId,
      answered,
      answer_note,
    }: {
      postId: string;
      answered: boolean;
      answer_note?: string;
    }) =>
      apiRequest<GroupPost>(postPath(groupId, postId), {
        method: 'PATCH',
        body: { answered, answer_note },
      }),
    onSuccess: (post) => putPost(queryClient, groupId, post),
  });
}

export function useDeleteWallPost(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => apiDelete(postPath(groupId, postId)),
    onSuccess: () => refreshWall(queryClient, groupId),
  });
}

/** True when the server says I already prayed for it today (409): it stays shown as prayed. */
export function isAlreadyPrayed(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

/**
 * "I prayed": counted at once (count + 1, prayed by me today), taken back if the server refuses;
 * a 409 (already prayed today) keeps it shown as prayed.
 */
export function usePrayed(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: GroupPost) =>
      apiRequest<GroupPost>(postPath(groupId, post.id, '/prayed'), { method: 'POST' }),
    onMutate: async (post) => {
      await queryClient.cancelQueries({ queryKey: groupKeys.posts(groupId) });
      putPost(queryClient, groupId, {
        ...post,
        prayed_by_me_today: true,
        prayed_count: post.prayed_count + 1,
      });
      return { post };
    },
    onSuccess: (post) => putPost(queryClient, groupId, post),
    onError: (error, post, context) => {
      const before = context?.post ?? post;
      putPost(
        queryClient,
        groupId,
        isAlreadyPrayed(error) ? { ...before, prayed_by_me_today: true } : before,
      );
    },
  });
}

/** The replies under a request, oldest first, a page at a time. */
export function useReplies(groupId: string, postId: string, { isEnabled = true } = {}) {
  return useInfiniteQuery({
    queryKey: groupKeys.replies(groupId, postId),
    queryFn: ({ pageParam, signal }) =>
      getPage<GroupReply>(postPath(groupId, postId, '/replies'), {}, pageParam, signal),
    ...pageParams,
    enabled: isEnabled,
  });
}

export function useCreateReply(groupId: string, postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { kind: 'encouragement' | 'update'; text: string }) =>
      apiRequest<GroupReply>(postPath(groupId, postId, '/replies'), { method: 'POST', body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: groupKeys.replies(groupId, postId) });
      refreshWall(queryClient, groupId);
    },
  });
}

/** Leaders hide or show again a request or a reply. */
export function useSetHidden(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      target,
      hidden,
    }: {
      target: { postId: string } | { replyId: string; postId: string };
      hidden: boolean;
    }) => {
      const action = hidden ? 'hide' : 'unhide';
      const path =
        'replyId' in target
          ? `${base(groupId)}/replies/${encodeURIComponent(target.replyId)}/${action}`
          : postPath(groupId, target.postId, `/${action}`);
      return apiRequest<void>(path, { method: 'POST' });
    },
    onSuccess: (_answer, { target }) => {
      if ('replyId' in target) {
        void queryClient.invalidateQueries({
          queryKey: groupKeys.replies(groupId, target.postId),
        });
      }
      refreshWall(queryClient, groupId);
      void queryClient.invalidateQueries({ queryKey: groupKeys.reports(groupId) });
    },
  });
}

/** Any member reports a request or a reply to the group's leaders. */
export function useReport(groupId: string) {
  return useMutation({
    mutationFn: (body: { post_id?: string; reply_id?: string; reason: string }) =>
      apiRequest<{ id: string }>(`${base(groupId)}/reports`, { method: 'POST', body }),
  });
}

/** Leaders: the open reports. */
export function useReports(groupId: string, { isEnabled }: { isEnabled: boolean }) {
  return useQuery({
    queryKey: groupKeys.reports(groupId),
    queryFn: ({ signal }) =>
      apiRequest<{ items: GroupReport[] }>(`${base(groupId)}/reports`, { signal }),
    select: (answer) => answer.items,
    enabled: isEnabled,
  });
}

export function useResolveReport(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reportId: string) =>
      apiRequest<void>(`${base(groupId)}/reports/${encodeURIComponent(reportId)}/resolve`, {
        method: 'POST',
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: groupKeys.reports(groupId) }),
  });
}

/** The group's day in its plan, who read today and the check-ins. */
export function useGroupReading(groupId: string) {
  return useQuery({
    queryKey: groupKeys.reading(groupId),
    queryFn: ({ signal }) => apiRequest<GroupReading>(`${base(groupId)}/reading`, { signal }),
  });
}

/** My one line for today. */
export function useCheckIn(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      apiRequest<unknown>(`${base(groupId)}/check-in`, { method: 'PUT', body: { text } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: groupKeys.reading(groupId) }),
  });
}

/** Leaders choose the group's library plan and its day 1, or clear it (null). */
export function useSetGroupPlan(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { plan_id: string; start_date: string } | null) =>
      body === null
        ? apiDelete(`${base(groupId)}/plan`)
        : apiRequest<unknown>(`${base(groupId)}/plan`, { method: 'PUT', body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: groupKeys.reading(groupId) });
      void queryClient.invalidateQueries({ queryKey: groupKeys.group(groupId), exact: true });
    },
  });
}

/** Follow the group's plan: it becomes one of my plans, from the group's day 1. */
export function useFollowGroupPlan(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { plan_id: string; start_date: string }) =>
      apiRequest<unknown>('/api/my-plans', { method: 'POST', body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: groupKeys.reading(groupId) });
      void queryClient.invalidateQueries({ queryKey: ['my-plans'] });
    },
  });
}
