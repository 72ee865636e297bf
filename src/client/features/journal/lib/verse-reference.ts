import { books } from '#shared/bible/books.ts';
import { parseReference } from '#shared/bible/references.ts';
import { defaultTranslation, type TranslationId } from '#shared/bible/translations.ts';

/**
 * The reader's address for a reference such as 'John 3:16' or '1 Corinthians 13:4-7'
 * ('/read-bible?book=John&chapter=3'), in the person's translation ('&translation=web'; none for
 * the KJV), or null when it names no book and chapter.
 */
export function readerHrefForReference(
  reference: string,
  translation: TranslationId = defaultTranslation,
): string | null {
  const parsed = parseReference(reference);
  const book = parsed ? books[parsed.bookIndex] : undefined;
  if (!parsed || !book || parsed.chapter === null) return null;
  const inTranslation = translation === defaultTranslation ? '' : `&translation=${translation}`;
  return `/read-bible?book=${encodeURIComponent(book.name)}&chapter=${parsed.chapter}${inTranslation}`;
}
