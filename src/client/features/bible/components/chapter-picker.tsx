import { useState, type ReactNode } from 'react';
import { books } from '../../../../shared/bible/books.ts';
import { chaptersIn, type ReaderPosition } from '../../../../shared/bible/navigation.ts';
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectSeparator,
  SelectTrigger,
  SelectValue,
} from '../../../components/ui/select.tsx';
import { cn } from '../../../lib/cn.ts';

/** product §3: the first 39 books are the Old Testament, the other 27 the New. */
const testaments = [
  { label: 'Old Testament', entries: books.slice(0, 39).map((book, index) => ({ book, index })) },
  {
    label: 'New Testament',
    entries: books.slice(39).map((book, index) => ({ book, index: index + 39 })),
  },
];

/**
 * The list's items, mounted once the picker is engaged: a pointer over it, focus, or open.
 * Radix Select mounts every item even while closed (for typeahead on the closed trigger), and
 * 66 books and up to 150 chapters mounted that way were the reader's longest task on first
 * load. Typing on the trigger needs focus first, and opening mounts the items anyway, so
 * nothing changes for the person using it. The trigger shows the chosen value itself.
 */
function useItemsOnDemand(items: () => ReactNode) {
  const [isEngaged, setIsEngaged] = useState(false);
  const engage = () => setIsEngaged(true);
  return {
    items: isEngaged ? items() : null,
    triggerProps: { onPointerEnter: engage, onFocus: engage },
    onOpenChange: (open: boolean) => {
      if (open) engage();
    },
  };
}

type PickerProps = {
  position: ReaderPosition;
  onChange: (position: ReaderPosition) => void;
  className?: string;
};

/** The 66 books, grouped by testament. Choosing a book opens its chapter 1 (product §4). */
export function BookSelect({ position, onChange, className }: PickerProps) {
  const list = useItemsOnDemand(() =>
    testaments.map(({ label, entries }, groupIndex) => (
      <SelectGroup key={label}>
        {groupIndex > 0 ? <SelectSeparator /> : null}
        <SelectLabel>{label}</SelectLabel>
        {entries.map(({ book, index }) => (
          <SelectItem key={book.osis} value={String(index)}>
            {book.name}
          </SelectItem>
        ))}
      </SelectGroup>
    )),
  );
  return (
    <Select
      value={String(position.bookIndex)}
      onValueChange={(value) => onChange({ bookIndex: Number(value), chapter: 1 })}
      onOpenChange={list.onOpenChange}
    >
      <SelectTrigger aria-label="Book" className={cn('w-full', className)} {...list.triggerProps}>
        <SelectValue>{books[position.bookIndex]?.name}</SelectValue>
      </SelectTrigger>
      <SelectContent>{list.items}</SelectContent>
    </Select>
  );
}

export function ChapterSelect({ position, onChange, className }: PickerProps) {
  const count = chaptersIn(position.bookIndex);
  const list = useItemsOnDemand(() =>
    Array.from({ length: count }, (_, index) => (
      <SelectItem key={index + 1} value={String(index + 1)}>
        {`Chapter ${index + 1}`}
      </SelectItem>
    )),
  );
  return (
    <Select
      value={String(position.chapter)}
      onValueChange={(value) => onChange({ bookIndex: position.bookIndex, chapter: Number(value) })}
      onOpenChange={list.onOpenChange}
    >
      <SelectTrigger
        aria-label="Chapter"
        className={cn('w-full', className)}
        {...list.triggerProps}
      >
        <SelectValue>
          <span className="sm:hidden">{position.chapter}</span>
          <span className="hidden sm:inline">Chapter {position.chapter}</span>
        </SelectValue>
      </SelectTrigger>
      <SelectContent className="min-w-32">{list.items}</SelectContent>
    </Select>
  );
}
