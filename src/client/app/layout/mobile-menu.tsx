import { Menu, X } from 'lucide-react';
import { useCallback, useId, useRef, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { useDismiss } from '#client/lib/use-dismiss.ts';
import { useHeaderPanels } from './header-panels.ts';

/** The collapsible menu for small screens: closes on choosing a link, a click outside or Escape. */
export function MobileMenu() {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setIsOpen(false), []);
  const panels = useHeaderPanels(isOpen, close);
  useDismiss({ isOpen, close, containerRef, triggerRef: toggleRef });

  return (
    <div ref={containerRef} className="md:hidden">
      <Button
        ref={toggleRef}
        variant="ghost"
        size="icon"
        aria-expanded={isOpen}
        aria-controls={panelId}
        aria-label={isOpen ? 'Close menu' : 'Open menu'}
        onClick={() => setIsOpen((open) => !open)}
      >
        {isOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
      </Button>
      {isOpen ? (
        <div
          id={panelId}
          aria-busy={panels ? undefined : true}
          className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-border bg-background shadow-lg"
        >
          {panels ? <panels.MobileMenuPanel onChoose={close} /> : null}
        </div>
      ) : null}
    </div>
  );
}
