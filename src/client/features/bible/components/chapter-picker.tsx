import { ChevronDown } from 'lucide-react';
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '#client/lib/cn.ts';
import { useMediaQuery } from '#client/lib/use-media-query.ts';
import { books } from '#shared/bible/books.ts';
import { chaptersIn, type ReaderPosition } from '#shared/bible/navigation.ts';

// The reader's book and chapter pickers are the browser's own selects (decision 014: Radix
// Select, with the floating-ui placement it brings, was about 30 KB gzip of the reader's first
// load). A phone opens its own picker wheel or sheet; the keyboard, type-ahead and screen
// readers get what the platform gives every select.

/** product §3: the first 39 books are the Old Testament, the other 27 the New. */
const testaments = [
  { label: 'Old Testament', entries: books.slice(0, 39).map((book, index) => ({ book, index })) },
  {
    label: 'New Testament',
    entries: books.slice(39).map((book, index) => ({ book, index: index + 39 })),
  },
];

/** Keys that, on a closed select, change its value as they go (Windows and Linux browsers). */
function isBrowsingKey(event: KeyboardEvent): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey) return false;
  if (['ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown'].includes(event.key))
    return true;
  // Type-ahead: one printable character. A space opens the list, unless it continues a word.
  return event.key.length === 1;
}

/**
 * A choice in the select's list (a click, a phone's picker, Enter in the open list) goes at
 * once. Arrow keys and type-ahead on the closed select only show the choice: Enter, or leaving
 * the select, makes it, and Escape takes it back. A keyboard user passing through the chapters
 * is not taken to each of them in turn (WCAG 3.2.2).
 */
function useChoice(value: string, choose: (value: string) => void) {
  const [shown, setShown] = useState<{ from: string; to: string } | null>(null);
  const isBrowsing = useRef(false);
  const pending = shown?.from === value && shown.to !== value ? shown.to : null;
  function commit() {
    setShown(null);
    if (pending !== null) choose(pending);
  }
  return {
    value: pending ?? value,
    onKeyDown: (event: KeyboardEvent<HTMLSelectElement>) => {
      isBrowsing.current = isBrowsingKey(event);
      if (event.key === 'Enter' && pending !== null) {
        event.preventDefault();
        commit();
      } else if (event.key === 'Escape' && pending !== null) {
        event.preventDefault();
        setShown(null);
      }
    },
    onKeyUp: () => {
      isBrowsing.current = false;
    },
    onPointerDown: () => {
      isBrowsing.current = false;
    },
    onChange: (event: { target: { value: string } }) => {
      const next = event.target.value;
      if (isBrowsing.current) setShown({ from: value, to: next });
      else {
        setShown(null);
        if (next !== value) choose(next);
      }
    },
    onBlur: commit,
  };
}

/** Tailwind's `sm` breakpoint: from here the chapter select says "Chapter 3", not "3". */
const wideQuery = '(min-width: 40rem)';

type NativeSelectProps = {
  label: string;
  value: string;
  onChoose: (value: string) => void;
  className?: string | undefined;
  children: ReactNode;
};

function NativeSelect({ label, value, onChoose, className, children }: NativeSelectProps) {
  const choice = useChoice(value, onChoose);
  return (
    <div className={cn('relative min-w-0', className)}>
      <select
        aria-label={label}
        className={cn(
          'h-10 w-full min-w-0 cursor-pointer appearance-none truncate rounded-xl border border-border bg-card pr-8 pl-3 text-sm font-medium text-foreground shadow-xs transition-colors hover:bg-muted dark:[color-scheme:dark]',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        )}
        {...choice}
      >
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 opacity-60"
        aria-hidden="true"
      />
    </div>
  );
}

type PickerProps = {
  position: ReaderPosition;
  onChange: (position: ReaderPosition) => void;
  className?: string;
};

/** The 66 books, grouped by testament. Choosing a book opens its chapter 1 (product §4). */
export function BookSelect({ position, onChange, className }: PickerProps) {
  return (
    <NativeSelect
      label="Book"
      value={String(position.bookIndex)}
      onChoose={(value) => onChange({ bookIndex: Number(value), chapter: 1 })}
      className={className}
    >
      {testaments.map(({ label, entries }) => (
        <optgroup key={label} label={label}>
          {entries.map(({ book, index }) => (
            <option key={book.osis} value={String(index)}>
              {book.name}
            </option>
          ))}
        </optgroup>
      ))}
    </NativeSelect>
  );
}

export function ChapterSelect({ position, onChange, className }: PickerProps) {
  const count = chaptersIn(position.bookIndex);
  // The select shows its chosen option's words: the number alone where the bar is narrow.
  const isWide = useMediaQuery(wideQuery);
  return (
    <NativeSelect
      label="Chapter"
      value={String(position.chapter)}
      onChoose={(value) => onChange({ bookIndex: position.bookIndex, chapter: Number(value) })}
      className={className}
    >
      {Array.from({ length: count }, (_, index) => (
        <option key={index + 1} value={String(index + 1)}>
          {isWide ? `Chapter ${index + 1}` : String(index + 1)}
        </option>
      ))}
    </NativeSelect>
  );
}
