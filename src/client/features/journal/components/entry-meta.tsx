import { BookOpen, CalendarDays } from 'lucide-react';
import { Link } from 'react-router';
import { LocalDate } from '#client/components/local-date.tsx';
import { readerHrefForReference } from '#client/features/journal/lib/verse-reference.ts';
import { useDeviceTranslation } from '#client/lib/translation-device.ts';
import { displayReference } from '#shared/bible/references.ts';
import type { JournalEntry } from '#shared/schemas/journal.ts';

/** The date an entry was written and the verse it reflects on, if any. */
export function EntryMeta({ entry }: { entry: JournalEntry }) {
  // The verse opens in the reader in the translation this device reads in (decision 015; the copy
  // follows a member's settings), without asking for settings on every entry.
  const translation = useDeviceTranslation();
  const readerHref = entry.verse_reference
    ? readerHrefForReference(entry.verse_reference, translation)
    : null;
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
      <span className="inline-flex items-center gap-1.5">
        <CalendarDays className="size-4" aria-hidden="true" />
        <LocalDate iso={entry.created_at} pattern="MMM d, yyyy" />
      </span>
      {entry.verse_reference ? (
        <span className="inline-flex items-center gap-1.5">
          <BookOpen className="size-4" aria-hidden="true" />
          <span className="sr-only">Verse: </span>
          {readerHref ? (
            <Link to={readerHref} className="font-medium text-primary hover:underline">
              {displayReference(entry.verse_reference)}
            </Link>
          ) : (
            <span className="font-medium text-foreground">
              {displayReference(entry.verse_reference)}
            </span>
          )}
        </span>
      ) : null}
    </p>
  );
}

/** An entry's feeling tags as small pills. */
export function EntryTags({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label="Feelings" className="flex flex-wrap gap-1.5">
      {tags.map((tag) => (
        <li
          key={tag}
          className="inline-flex items-center rounded-full bg-secondary px-2.5 py-0.5 text-xs font-semibold text-secondary-foreground"
        >
          {tag}
        </li>
      ))}
    </ul>
  );
}
