import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { verseCatalogueQueryOptions } from '#client/api/verses.ts';
import { defaultTranslation, type TranslationId } from '#shared/bible/translations.ts';
import { defaultVerse } from '#shared/mood/default-verse.ts';
import { detectMood } from '#shared/mood/detect-mood.ts';
import { candidatesFor, createVersePicker } from '#shared/mood/picker.ts';
import type { CatalogueVerse } from '#shared/schemas/verses.ts';
import { noNamedMood, toVerseResult, type FeelingVerse } from './feeling-verse.ts';

/**
 * product §4 verse picking: detect the mood, then pick among its candidates without repeating,
 * from the catalogue in the person's translation. One picker for as long as the page is open, so
 * its in-memory history carries across submits (references are the same in every translation).
 */
export function useFindVerse() {
  const queryClient = useQueryClient();
  const [picker] = useState(() => createVersePicker<CatalogueVerse>());
  return useMutation({
    mutationFn: async ({
      text,
      translation,
    }: {
      text: string;
      translation: TranslationId;
    }): Promise<FeelingVerse> => {
      const { mood, score } = detectMood(text);
      // Words that name no feeling still get a verse (the fallback mood's), under a heading that
      // puts no feeling in the person's mouth, and with no plan offered for it.
      const shownMood = score > 0 ? mood : noNamedMood;
      const catalogue = await queryClient
        .fetchQuery(verseCatalogueQueryOptions(translation))
        .catch(() => null);
      const verses = catalogue?.verses ?? [];
      const picked = picker.pick(text, mood, candidatesFor(mood, verses));
      // product §8: a verse lookup failure or no match shows the default verse, Proverbs 3:5,
      // whose text ships with the app (the KJV's) so that it shows without the network.
      return picked && catalogue
        ? toVerseResult(picked, shownMood, catalogue.translation)
        : toVerseResult(defaultVerse, shownMood, defaultTranslation);
    },
  });
}
