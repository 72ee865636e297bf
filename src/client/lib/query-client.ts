import { QueryCache, QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { notify } from './notify.ts';

/** The toast a screen shows when its data cannot be loaded (the spec's wording). */
export type QueryErrorToast = {
  title: string;
  description: string;
  /** Adds a 'Retry' action that asks again. */
  isRetryable?: boolean;
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /**
       * Toasted once for every failed load (the first one, and each failed retry or refetch).
       * A function sees the error, so that it can word it ('You are offline…') or stay quiet
       * (null) for an answer the screen shows in place, such as a 403.
       */
      errorToast?: QueryErrorToast | ((error: Error) => QueryErrorToast | null);
    };
  }
}

/**
 * The app's one QueryClient. Failed loads are toasted here, from each query's `meta.errorToast`,
 * so no screen has its own 'toast when the query fails' effect.
 */
export function createQueryClient(defaultOptions?: DefaultOptions): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        const spec = query.meta?.errorToast;
        const toast = typeof spec === 'function' ? spec(error) : spec;
        if (!toast) return;
        const retry = toast.isRetryable
          ? {
              label: 'Retry',
              onClick: () =>
                void queryClient.refetchQueries({ queryKey: query.queryKey, exact: true }),
            }
          : undefined;
        notify.error(toast.title, toast.description, retry);
      },
    }),
    defaultOptions,
  });
  return queryClient;
}
