// The landing page's way to the members' Today card, with no import of its own: the page's
// chunk then names this one file only, not the card's dozen chunks to preload (Vite lists a
// dynamic import's dependencies where it is made), which kept the page's first load ~0.2 KB
// smaller. The card's chunk and its dependencies are fetched here, together.
export async function loadTodayCard() {
  return { default: (await import('./today-card.tsx')).TodayCard };
}
