import { useEffect } from 'react';
import { isKeyboardOwnedTarget } from './keyboard.ts';

/**
 * ← and → go to the previous and next chapter, unless focus is somewhere that uses the arrow
 * keys itself (a field, a list, an open dialog or popover) or a modifier is held (Alt+← is Back).
 */
export function useChapterShortcuts(onStep: (direction: 'previous' | 'next') => void) {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.shiftKey || event.isComposing) return;
      const direction =
        event.key === 'ArrowLeft' ? 'previous' : event.key === 'ArrowRight' ? 'next' : null;
      if (direction === null || isKeyboardOwnedTarget(event.target)) return;
      if (document.querySelector('[role="dialog"][data-state="open"]')) return;
      event.preventDefault();
      onStep(direction);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [onStep]);
}
