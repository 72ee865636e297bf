import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { verseCatalogueQueryOptions } from '#client/api/verses.ts';
import { notify } from '#client/lib/notify.ts';
import type { TranslationId } from '#shared/bible/translations.ts';
import type { Mood } from '#shared/mood/moods.ts';
import { candidatesFor, createVersePicker } from '#shared/mood/picker.ts';
import type { VerseResult } from '#shared/schemas/verses.ts';

/** A verse for the image, with the translation its text is in (decision 015). */
export type GraphicVerse = VerseResult & { translation: TranslationId };

/**
 * product §4 mood verses: choosing a mood picks one of its verses from the catalogue, in the
 * person's translation; choosing it again picks another. One picker for as long as the page is
 * open keeps the in-memory history.
 */
export function useMoodVerse() {
  const queryClient = useQueryClient();
  const [picker] = useState(() => createVersePicker());
  return useMutation({
    mutationFn: async ({
      mood,
      translation,
    }: {
      mood: Mood;
      translation: TranslationId;
    }): Promise<GraphicVerse> => {
      const catalogue = await queryClient.fetchQuery(verseCatalogueQueryOptions(translation));
      // There is no typed text here: the mood itself is the text whose repeats are avoided.
      const picked = picker.pick(mood, mood, candidatesFor(mood, catalogue.verses));
      if (!picked) throw new Error(`The catalogue has no verse for the mood '${mood}'.`);
      return {
        text: picked.text,
        reference: picked.reference,
        mood,
        themes: picked.themes,
        translation: catalogue.translation,
      };
    },
    onError: () => notify.error('Error', 'Could not get a verse for this mood. Please try again.'),
  });
}
