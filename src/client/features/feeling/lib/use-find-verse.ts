import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { detectMood } from '../../../../shared/mood/detect-mood.ts';
import { candidatesFor, createVersePicker } from '../../../../shared/mood/picker.ts';
import { moodTopics } from '../../../../shared/mood/topics.ts';
import type { VerseResult } from '../../../../shared/schemas/verses.ts';
import { notify } from '../../../lib/notify.ts';
import { verseCatalogueQueryOptions } from '../../../lib/verse-catalogue.ts';
import { pickTopic, toVerseResult } from './feeling-verse.ts';

/** A verse for what the person wrote, and the topic word for 'More verses for this feeling'. */
export type FeelingResult = { verse: VerseResult; topic: string | null };

/**
 * spec §4 verse picking: detect the mood, then pick among its candidates without repeating.
 * One picker for as long as the page is open, so its in-memory history carries across submits.
 */
export function useFindVerse() {
  const queryClient = useQueryClient();
  const [picker] = useState(() => createVersePicker());
  return useMutation({
    mutationFn: async (text: string): Promise<FeelingResult> => {
      const { verses } = await queryClient.fetchQuery(verseCatalogueQueryOptions());
      const { mood } = detectMood(text);
      const picked = picker.pick(text, mood, candidatesFor(mood, verses));
      if (!picked) throw new Error(`The catalogue has no verse for the mood '${mood}'.`);
      return { verse: toVerseResult(picked, mood), topic: pickTopic(moodTopics[mood]) };
    },
    onError: () => notify.error('Error', 'Could not get a verse for this mood. Please try again.'),
  });
}
