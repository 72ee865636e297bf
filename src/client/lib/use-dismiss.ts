import { useEffect, type RefObject } from 'react';

/**
 * While a popup is open, a pointer pressed outside its container or Escape anywhere closes
 * it; Escape also returns focus to the trigger that opened it (the header menus and the
 * mobile menu).
 */
export function useDismiss({
  isOpen,
  close,
  containerRef,
  triggerRef,
}: {
  isOpen: boolean;
  close: () => void;
  containerRef: RefObject<HTMLElement | null>;
  triggerRef: RefObject<HTMLElement | null>;
}): void {
  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      triggerRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [isOpen, close, containerRef, triggerRef]);
}
