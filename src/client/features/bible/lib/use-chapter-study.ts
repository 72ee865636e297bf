import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { chapterStudyQueryOptions } from '#client/api/study.ts';
import type { VerseMarks } from '#client/features/bible/components/verse-parts.tsx';
import type { ReaderPosition } from '#shared/bible/navigation.ts';
import type { StudySettings } from './study-settings.ts';

/**
 * The chapter's study data (one request, kept for good: decision 023), asked for only when
 * something shows it: Christ's words in red in the KJV, the reference marks, or the Study panel.
 * Until it comes, the text is drawn plain.
 */
export function useChapterStudy(
  position: ReaderPosition | null,
  settings: StudySettings,
  isShown: { kjv: boolean; panel: boolean },
) {
  const isWanted = (settings.redLetters && isShown.kjv) || settings.referenceMarks || isShown.panel;
  const query = useQuery({
    ...chapterStudyQueryOptions(position?.bookIndex ?? 0, position?.chapter ?? 1),
    enabled: position !== null && isWanted,
  });
  const data = query.data;
  const marks = useMemo((): NonNullable<VerseMarks['study']> => {
    if (!data) return { christ: null, referenced: null };
    return {
      christ: settings.redLetters
        ? new Map(data.verses.map((verse) => [verse.verse, new Set(verse.christ)]))
        : null,
      referenced: settings.referenceMarks ? new Set(data.strong_references) : null,
    };
  }, [data, settings.redLetters, settings.referenceMarks]);
  return { query, marks };
}
