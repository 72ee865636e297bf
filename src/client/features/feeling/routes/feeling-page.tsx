import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { PageShell } from '../../../components/page-shell.tsx';
import { useRequireSignIn } from '../../../lib/use-require-sign-in.ts';
import { useSession } from '../../../lib/session.ts';
import { imageSizeFor } from '../../../lib/verse-image/render-verse-image.ts';
import { useDownloadVerseImage } from '../../../lib/verse-image/use-download-verse-image.ts';
import { usePrefetchVerseCatalogue } from '../../../lib/verse-catalogue.ts';
import { useSaveFeelingVerse } from '../api/save-feeling-verse.ts';
import { MoodForm } from '../components/mood-form.tsx';
import { RelatedVerses } from '../components/related-verses.tsx';
import { VerseImagePreview } from '../components/verse-image-preview.tsx';
import { VerseResultCard } from '../components/verse-result-card.tsx';
import { useFindVerse, type FeelingResult } from '../lib/use-find-verse.ts';
import { fetchVerseImage, type VerseImageSize } from '../lib/verse-image-query.ts';

type Shown = FeelingResult & { imageSize: VerseImageSize };

/** spec §2/§4 /feeling: the mood form, then the verse result card; and back again. */
export function FeelingPage() {
  usePrefetchVerseCatalogue();
  const session = useSession();
  const requireSignIn = useRequireSignIn();
  const findVerse = useFindVerse();
  const saveVerse = useSaveFeelingVerse();
  const queryClient = useQueryClient();
  // No sign-in needed to download on this page (spec §5).
  const download = useDownloadVerseImage({
    drawImage: (verse: FeelingResult['verse']) => fetchVerseImage(queryClient, verse),
  });
  const [text, setText] = useState('');
  const [shown, setShown] = useState<Shown | null>(null);
  const [savedReference, setSavedReference] = useState<string | null>(null);

  // Where focus goes after the view changes: the result's heading (so it is announced) or,
  // after 'Share Another Feeling', the empty textarea.
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusAfterChange = useRef<'result' | 'form' | null>(null);
  useEffect(() => {
    if (focusAfterChange.current === 'result') headingRef.current?.focus();
    if (focusAfterChange.current === 'form') textareaRef.current?.focus();
    focusAfterChange.current = null;
  }, [shown]);

  function onSubmit(trimmed: string) {
    findVerse.mutate(trimmed, {
      onSuccess: (result) => {
        focusAfterChange.current = 'result';
        setSavedReference(null);
        setShown({ ...result, imageSize: imageSizeFor(window.innerWidth) });
      },
    });
  }

  function onShareAnother() {
    focusAfterChange.current = 'form';
    setText('');
    setShown(null);
  }

  function onSave(verse: FeelingResult['verse']) {
    if (saveVerse.isPending || savedReference === verse.reference) return;
    if (session.status !== 'signed-in') {
      requireSignIn('Please sign in to save verses to your collection.');
      return;
    }
    saveVerse.mutate(verse, { onSuccess: () => setSavedReference(verse.reference) });
  }

  return (
    <PageShell
      title="How Are You Feeling?"
      subtitle="Share what's on your heart, and receive a word from Scripture for this moment."
    >
      {shown ? (
        <>
          <div className="grid items-start gap-6 md:grid-cols-[minmax(0,1fr)_15rem]">
            <VerseResultCard
              verse={shown.verse}
              headingRef={headingRef}
              onSave={() => onSave(shown.verse)}
              isSaving={saveVerse.isPending}
              isSaved={savedReference === shown.verse.reference}
              onDownload={() => download.mutate(shown.verse)}
              isDownloading={download.isPending}
              onShareAnother={onShareAnother}
            />
            <VerseImagePreview verse={shown.verse} size={shown.imageSize} />
          </div>
          {shown.topic ? <RelatedVerses topic={shown.topic} /> : null}
        </>
      ) : (
        <MoodForm
          text={text}
          onTextChange={setText}
          onSubmit={onSubmit}
          isFinding={findVerse.isPending}
          textareaRef={textareaRef}
        />
      )}
    </PageShell>
  );
}
