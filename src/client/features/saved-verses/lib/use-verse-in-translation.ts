import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { passageQueryOptions } from '#client/api/passages.ts';
import type { TranslationId } from '#shared/bible/translations.ts';
import type { PassageResponse } from '#shared/schemas/bible.ts';

type SavedWords = { reference: string; text: string; translation: TranslationId };

/** A passage's words as one line of plain text (poetry lines and verses joined by a space). */
function passagePlainText(passage: PassageResponse): string {
  return passage.verses
    .map((verse) => verse.text.trim())
    .filter((text) => text !== '')
    .join(' ')
    .replace(/\s+/g, ' ');
}

/**
 * A saved verse read in another translation than it was saved in (decision 015): the words of the
 * chosen one come from the passage API; the saved one shows the saved words. While another
 * translation's words are on their way, the words shown stay (with their own translation), so
 * the card never names one translation over another's text.
 */
export function useVerseInTranslation(verse: SavedWords) {
  const [chosen, setChosen] = useState<TranslationId>(verse.translation);
  const isSaved = chosen === verse.translation;
  const passage = useQuery({
    ...passageQueryOptions(verse.reference, chosen),
    enabled: !isSaved,
    placeholderData: keepPreviousData,
  });
  const other = !isSaved && passage.data ? passage.data : null;
  return {
    chosen,
    choose: setChosen,
    /** The words on the card and the translation they are in. */
    text: other ? passagePlainText(other) : verse.text,
    translation: other ? other.translation : verse.translation,
    /** The saved words are shown (a search's marks apply to them only). */
    isSavedText: other === null,
    isLoading: !isSaved && (passage.isPending || passage.isPlaceholderData),
    isFailed: !isSaved && passage.isError,
  };
}
