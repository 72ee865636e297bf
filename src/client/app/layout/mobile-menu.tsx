import { Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { exploreDestinations } from '../../../shared/site-routes.ts';
import { Button } from '../../components/ui/button.tsx';
import { destinationIcons } from './destination-icons.ts';

/** The collapsible menu for small screens: closes on choosing a link, a click outside or Escape. */
export function MobileMenu() {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setIsOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [isOpen]);

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
        <nav
          id={panelId}
          aria-label="Explore menu"
          className="absolute inset-x-0 top-full border-b border-border bg-background shadow-lg"
        >
          <ul className="mx-auto grid max-w-6xl gap-1 px-4 py-3">
            {exploreDestinations.map(({ label, path }) => {
              const Icon = destinationIcons[path];
              return (
                <li key={path}>
                  <Link
                    to={path}
                    onClick={() => setIsOpen(false)}
                    aria-current={pathname === path ? 'page' : undefined}
                    className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-base font-medium hover:bg-muted aria-[current=page]:bg-secondary aria-[current=page]:text-secondary-foreground"
                  >
                    {Icon ? <Icon className="size-5 text-primary" aria-hidden="true" /> : null}
                    {label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
