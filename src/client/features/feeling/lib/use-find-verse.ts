import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { defaultVerse } from '../../../../shared/mood/default-verse.ts';
import { detectMood } from '../../../../shared/mood/detect-mood.ts';
import { candidatesFor, createVersePicker } from '../../../../shared/mood/picker.ts';
import type { CatalogueVerse, VerseResult } from '../../../../shared/schemas/verses.ts';
import { verseCatalogueQueryOptions } from '../../../api/verses.ts';
import { toVerseResult } from './feeling-verse.ts';

/**
 * product §4 verse picking: detect the mood, then pick among its candidates without repeating.
 * One picker for as long as the page is open, so its in-memory history carries across submits.
 */
export function useFindVerse() {
  const queryClient = useQueryClient();
  const [picker] = useState(() => createVersePicker<CatalogueVerse>());
  return useMutation({
    mutationFn: async (text: string): Promise<VerseResult> => {
      const { mood } = detectMood(text);
      const verses = await queryClient.fetchQuery(verseCatalogueQueryOptions()).then(
        (catalogue) => catalogue.verses,
        () => [],
      );
      const picked = picker.pick(text, mood, candidatesFor(mood, verses));
      // product §8: a verse lookup failure or no match shows the default verse, Proverbs 3:5,
      // whose text ships with the app so that it shows without the network.
      return toVerseResult(picked ?? defaultVerse, mood);
    },
  });
}
