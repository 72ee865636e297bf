import { useSyncExternalStore } from 'react';

// Tailwind's sm (40rem) and lg (64rem) breakpoints: one column on phones, two, then three.
const twoColumns = '(min-width: 40rem)';
const threeColumns = '(min-width: 64rem)';

function subscribe(onChange: () => void): () => void {
  const queries = [window.matchMedia(twoColumns), window.matchMedia(threeColumns)];
  for (const query of queries) query.addEventListener('change', onChange);
  return () => {
    for (const query of queries) query.removeEventListener('change', onChange);
  };
}

function columnCount(): number {
  if (window.matchMedia(threeColumns).matches) return 3;
  return window.matchMedia(twoColumns).matches ? 2 : 1;
}

/** How many bookmark cards sit side by side at the window's width (the page's grid). */
export function useColumnCount(): number {
  return useSyncExternalStore(subscribe, columnCount, () => 1);
}
