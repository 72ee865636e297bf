// The topics resource (/api/topics, decision 027): the tags a member puts on notes, highlights and
// saved verses, each topic a study page of its items in Bible order; and setting the tags of a
// highlight or a saved verse.
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { failureDescription } from '#client/lib/offline/failure-description.ts';
import { getPage, mapLoadedItems, pageParams, type PagedData } from '#client/lib/pages.ts';
import type { TranslationId } from '#shared/bible/translations.ts';
import type { Highlight } from '#shared/schemas/reading.ts';
import type { Topic, TopicItem } from '#shared/schemas/topics.ts';
import type { SavedVerse } from '#shared/schemas/verses.ts';
import { highlightKeys } from './highlights.ts';
import { savedVerseKeys } from './saved-verses.ts';

export type { Topic, TopicItem };

export const topicKeys = {
  all: ['topics'] as const,
  list: ['topics', 'list'] as const,
  pages: ['topics', 'page'] as const,
  page: (tag: string, translation: TranslationId) =>
    ['topics', 'page', tag.toLowerCase(), translation] as const,
};

/** The member's topics, alphabetical, with their counts: the first 200 (one page). */
export function topicsQueryOptions() {
  return queryOptions({
    queryKey: topicKeys.list,
    queryFn: ({ signal }) => getPage<Topic>('/api/topics', {}, null, signal),
    meta: {
      errorToast: { title: 'Error loading topics', description: 'Please try refreshing the page.' },
    },
  });
}

export function useTopics() {
  return useQuery(topicsQueryOptions());
}

/** A topic's items in Bible order, a page at a time; highlights in the person's translation. */
export function topicPageQueryOptions(tag: string, translation: TranslationId) {
  return infiniteQueryOptions({
    queryKey: topicKeys.page(tag, translation),
    queryFn: ({ pageParam, signal }) =>
      getPage<TopicItem>(
        `/api/topics/${encodeURIComponent(tag)}`,
        { translation, limit: 50 },
        pageParam,
        signal,
      ),
    ...pageParams,
    meta: {
      errorToast: { title: 'Error loading topic', description: 'Please try refreshing the page.' },
    },
  });
}

export function useTopicPage(tag: string, translation: TranslationId) {
  return useInfiniteQuery(topicPageQueryOptions(tag, translation));
}

export function setHighlightTags(id: string, tags: string[]): Promise<Highlight> {
  return apiRequest<Highlight>(`/api/highlights/${id}`, { method: 'PATCH', body: { tags } });
}

export function setSavedVerseTags(id: string, tags: string[]): Promise<SavedVerse> {
  return apiRequest<SavedVerse>(`/api/saved-verses/${id}`, { method: 'PATCH', body: { tags } });
}

function tagsFailed(error: unknown) {
  notify.error('Topics Not Saved', failureDescription(error, 'Your topics could not be saved.'));
}

/** A highlight's topics, replaced: the chapter's highlights and every topic view follow. */
export function useSetHighlightTags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ highlight, tags }: { highlight: Highlight; tags: string[] }) =>
      setHighlightTags(highlight.id, tags),
    onSuccess: (saved) => {
      queryClient.setQueryData<Highlight[]>(highlightKeys.chapter(saved), (current) =>
        current?.map((item) => (item.id === saved.id ? saved : item)),
      );
      void queryClient.invalidateQueries({ queryKey: topicKeys.all });
    },
    onError: tagsFailed,
  });
}

/** A saved verse's topics, replaced in every list that holds it. */
export function useSetSavedVerseTags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, tags }: { id: string; tags: string[] }) => setSavedVerseTags(id, tags),
    onSuccess: (saved) => {
      queryClient.setQueriesData<PagedData<SavedVerse>>(
        { queryKey: savedVerseKeys.lists },
        (data) =>
          mapLoadedItems(data, (items) =>
            items.map((item) => (item.id === saved.id ? { ...item, tags: saved.tags } : item)),
          ),
      );
      void queryClient.invalidateQueries({ queryKey: topicKeys.all });
    },
    onError: tagsFailed,
  });
}
