import { useMediaQuery } from '#client/lib/use-media-query.ts';

// Tailwind's sm (40rem) and lg (64rem) breakpoints: one column on phones, two, then three.
const twoColumns = '(min-width: 40rem)';
const threeColumns = '(min-width: 64rem)';

/** How many bookmark cards sit side by side at the window's width (the page's grid). */
export function useColumnCount(): number {
  const isTwo = useMediaQuery(twoColumns);
  const isThree = useMediaQuery(threeColumns);
  return isThree ? 3 : isTwo ? 2 : 1;
}
