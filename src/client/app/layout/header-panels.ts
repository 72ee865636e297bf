import { loadOnce } from '#client/lib/load-once.ts';
import { useLoadedWhileOpen } from '#client/lib/use-loaded.ts';

// The header menus' content is its own chunk (header-panels.lazy.tsx): fetched when the
// browser is first idle, or at the first opening, so that no first load carries it.
const headerPanels = loadOnce(() => import('./header-panels.lazy.tsx'));

export type HeaderPanels = Awaited<ReturnType<typeof headerPanels.load>>;

export const preloadHeaderPanels = headerPanels.preload;

/**
 * The menus' content while a menu is open and its code has come; if the code cannot be fetched,
 * a toast says so and the menu closes (and tries again when opened again).
 */
export function useHeaderPanels(isOpen: boolean, close: () => void): HeaderPanels | undefined {
  return useLoadedWhileOpen(headerPanels, isOpen, close);
}
