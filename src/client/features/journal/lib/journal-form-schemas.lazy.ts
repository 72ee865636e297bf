// The journal's form schemas, on the shared rules of an entry. Loaded with import() at the first
// check (lib/lazy-resolver.ts), so that zod is not part of the journal screens' first load.
import { z } from 'zod';
import { journalEntryFormFields } from '#shared/schemas/journal.ts';

/** The draft checked by the shared schema's fields, and turned into what POST /api/journal takes. */
export const journalDraftSchema = z
  .object({
    title: journalEntryFormFields.title,
    content: journalEntryFormFields.content,
    tags: journalEntryFormFields.emotion_tags,
    verseReference: journalEntryFormFields.verse_reference,
  })
  .transform(({ title, content, tags, verseReference }) => ({
    title,
    content,
    emotion_tags: tags,
    verse_reference: verseReference,
  }));

/** product §4: the edit as the form holds it (title and content), checked by the shared rules. */
export const entryEditSchema = z.object({
  title: journalEntryFormFields.title,
  content: journalEntryFormFields.content,
});
