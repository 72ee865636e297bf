export { chapterNotesLimit, noteLimits } from '#shared/rules/notes.ts';
import { z } from 'zod';
import { findBookIndex } from '#shared/bible/book-names.ts';
import { books } from '#shared/bible/books.ts';
import { verseCount } from '#shared/bible/verse-counts.ts';
import { chapterNotesLimit, noteLimits } from '#shared/rules/notes.ts';
import { journalEntryFormFields, listJournalQuerySchema } from './journal.ts';
import { matchRangesSchema, pageQuerySchema, pageSchema, searchTermSchema } from './pagination.ts';

/**
 * A note on a verse or a run of verses of one chapter (decision 024). The place is the KJV's
 * versification, which the three translations share, so a note shows in every translation.
 * `reference` names the place with the book as books.ts spells it: 'John 3:16', 'John 3:16–18'.
 */
export const noteSchema = z.object({
  id: z.string(),
  book_name: z.string(),
  book_index: z.number().int(),
  chapter_number: z.number().int(),
  verse_number: z.number().int(),
  /** The last verse of the run: the same as verse_number for a note on one verse. */
  end_verse_number: z.number().int(),
  reference: z.string(),
  text: z.string(),
  tags: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Note = z.infer<typeof noteSchema>;

/** A note as GET /api/notes lists it: with where the words are when the list is a search (`q`). */
export const noteListItemSchema = /* @__PURE__ */ noteSchema.extend({
  matches: /* @__PURE__ */ z.object({ text: matchRangesSchema }).optional(),
});
export type NoteListItem = z.infer<typeof noteListItemSchema>;
export const notePageSchema = /* @__PURE__ */ pageSchema(noteListItemSchema);

/**
 * GET /api/notes?limit=&cursor=&q=&book=&tag= (decision 012): newest first, a page at a time.
 * `q` searches the words as the journal's search does, `book` keeps one book's notes, `tag`
 * the notes with that tag (the journal's rule). Empty means no filter.
 */
export const listNotesQuerySchema = /* @__PURE__ */ pageQuerySchema
  .extend({
    q: searchTermSchema,
    book: z.string().trim().max(40, 'Choose a book.').optional(),
    tag: listJournalQuerySchema.shape.tag,
  })
  .transform(({ book, ...query }, ctx) => {
    if (!book) return { ...query, book: undefined };
    // A book named as people write it ('John', 'jn', '1 Cor'), kept as its index.
    const index = findBookIndex(book);
    if (index < 0) {
      ctx.addIssue({ code: 'custom', message: `There is no book called "${book}".` });
      return z.NEVER;
    }
    return { ...query, book: index };
  });
export type ListNotesQuery = z.output<typeof listNotesQuerySchema>;

const noteRequiredMessage = 'Please write something before saving your note.';

/** product §5: the words must not be empty once trimmed; line breaks inside are kept. */
const noteText = z
  .string({ error: noteRequiredMessage })
  .trim()
  .min(1, noteRequiredMessage)
  .max(noteLimits.text, 'A note can be at most 5,000 characters.');

/** The journal's tags (at most 12, each 1 to 30 once trimmed); duplicates dropped. */
const noteTags = journalEntryFormFields.emotion_tags;
const noteTagsInput = noteTags.default([]).transform((tags) => [...new Set(tags)]);

/** A note's fields as a form holds them, checked by the same rules as the requests below. */
export const noteFormFields = { text: noteText, tags: noteTags };

const verseField = (message: string) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(176, message);

/**
 * POST /api/notes: the place as the reader's verse dialog knows it (a book by any of its names,
 * the chapter, the first verse and, for a run, the last; as the highlights name a verse), the
 * words and the tags. A run stays in one chapter and never runs backwards.
 */
export const createNoteRequestSchema = z
  .object({
    book_name: z.string({ error: 'Choose a book.' }).trim().min(1, 'Choose a book.').max(40),
    chapter_number: z.coerce.number().int('Choose a chapter.').min(1, 'Choose a chapter.'),
    verse_number: verseField('Choose a verse.'),
    end_verse_number: verseField('Choose the last verse.').nullish(),
    text: noteText,
    tags: noteTagsInput,
  })
  .transform((value, ctx) => {
    const bookIndex = findBookIndex(value.book_name);
    const book = books[bookIndex];
    if (!book) {
      ctx.addIssue({ code: 'custom', message: `There is no book called "${value.book_name}".` });
      return z.NEVER;
    }
    if (value.chapter_number > book.chapters) {
      ctx.addIssue({ code: 'custom', message: `${book.name} has ${book.chapters} chapters.` });
      return z.NEVER;
    }
    const verses = verseCount(bookIndex, value.chapter_number);
    const end = value.end_verse_number ?? value.verse_number;
    if (value.verse_number > verses || end > verses) {
      ctx.addIssue({
        code: 'custom',
        message: `${book.name} ${value.chapter_number} has ${verses} verses.`,
      });
      return z.NEVER;
    }
    if (end < value.verse_number) {
      ctx.addIssue({
        code: 'custom',
        message: 'The last verse cannot come before the first.',
        path: ['end_verse_number'],
      });
      return z.NEVER;
    }
    return {
      book_index: bookIndex,
      chapter_number: value.chapter_number,
      verse_number: value.verse_number,
      end_verse_number: end,
      text: value.text,
      tags: value.tags,
    };
  });
export type CreateNoteRequest = z.input<typeof createNoteRequestSchema>;

/** PATCH /api/notes/{id}: new words, and the tags when given; the place never changes. */
export const updateNoteRequestSchema = z.object({
  text: noteText,
  tags: /* @__PURE__ */ noteTags.optional().transform((tags) => tags && [...new Set(tags)]),
});
export type UpdateNoteRequest = z.input<typeof updateNoteRequestSchema>;

/**
 * GET /api/notes/chapter/{book}/{chapter}: what the reader marks. `verses` is every verse of
 * the chapter that one of the member's notes covers, whatever their number; `notes` are the
 * notes themselves in verse order (newest first on one verse), at most chapterNotesLimit, and
 * `has_more` says when there are more than that.
 */
export const chapterNotesSchema = z.object({
  book_name: z.string(),
  chapter_number: z.number().int(),
  verses: z.array(z.number().int()),
  notes: z.array(noteSchema).max(chapterNotesLimit),
  has_more: z.boolean(),
});
export type ChapterNotes = z.infer<typeof chapterNotesSchema>;
