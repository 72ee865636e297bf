import { useMediaQuery } from '#client/lib/use-media-query.ts';

/** Tailwind's `md` breakpoint: from here the saved verses sit in two columns. */
const wideQuery = '(min-width: 48rem)';

/** Whether the screen is wide enough for two columns of cards. */
export function useIsWide(): boolean {
  return useMediaQuery(wideQuery);
}
