import { useSaveVerse, type SaveVerseMessages } from '#client/api/saved-verses.ts';
import { displayReference } from '#shared/bible/references.ts';
import type { TranslationId } from '#shared/bible/translations.ts';
import type { CreateSavedVerseRequest } from '#shared/schemas/verses.ts';

/** product §9: the reader saves with theme 'Bible Reading', no emotion tag and no note. */
export function readerSaveRequest({
  text,
  reference,
  translation,
}: {
  text: string;
  reference: string;
  /** The translation the verse is read in: it is saved in it (decision 015). */
  translation: TranslationId;
}): CreateSavedVerseRequest {
  return {
    text,
    reference,
    theme: 'Bible Reading',
    emotion_tag: null,
    custom_note: null,
    translation,
  };
}

const readerSaveMessages: SaveVerseMessages = {
  success: (_saved, request) => ({
    title: 'Verse saved',
    description: `${displayReference(request.reference)} is in your saved verses.`,
  }),
  failureDescription: 'There was an error saving the verse.',
};

/** Saves a verse from the reader (the verse dialog, or back from signing in). */
export function useSaveReaderVerse() {
  return useSaveVerse(readerSaveMessages);
}
