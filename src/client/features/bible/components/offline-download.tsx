import { CircleCheck, Download, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import {
  cancelBibleDownload,
  startBibleDownload,
  useBibleDownload,
  useDownloadedTranslations,
  useDownloadingTranslation,
} from '#client/features/bible/lib/bible-download-store.ts';
import {
  cancelStudyDownload,
  startStudyDownload,
  useStudyDownload,
} from '#client/features/bible/lib/study-download-store.ts';
import { formatCount } from '#client/lib/format-count.ts';
import { bibleChapterCount } from '#client/lib/offline/cache-names.ts';
import { useIsOnline } from '#client/lib/offline/use-online-status.ts';
import { parseTranslation } from '#client/lib/translation-device.ts';
import { translationInfo } from '#client/lib/translation-names.ts';
import { translations } from '#shared/bible/translation-list.ts';
import type { TranslationId } from '#shared/bible/translations.ts';
import { studyDownloadBytes } from '#shared/rules/study-download.ts';

function DownloadProgress({
  saved,
  labelId,
  label,
}: {
  saved: number;
  labelId: string;
  label: string;
}) {
  const percent = Math.floor((saved / bibleChapterCount) * 100);
  const chapters = `${formatCount(saved)} of ${formatCount(bibleChapterCount)} chapters`;
  return (
    <div className="space-y-2">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span id={labelId} className="font-medium">
          {label}
        </span>
        <span className="text-muted-foreground tabular-nums">
          {chapters} ({percent}%)
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%: ${chapters}`}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/**
 * 'Download the Bible for offline use': every chapter of a translation saved on this device
 * (decision 015: each translation can be, the reader's own offered first), with its progress, a way
 * to stop, and the finished state (remembered across reloads).
 */
export function OfflineDownload({ translation }: { translation: TranslationId }) {
  const id = useId();
  const [chosen, setChosen] = useState(translation);
  const state = useBibleDownload(chosen);
  const downloading = useDownloadingTranslation();
  const downloaded = useDownloadedTranslations();
  const isOnline = useIsOnline();
  const info = translationInfo(chosen);
  const isOtherDownloading = downloading !== null && downloading !== chosen;
  const sectionRef = useRef<HTMLElement>(null);
  // The button pressed goes away (Download becomes Cancel, and back): focus moves to what
  // replaces it instead of falling to the page, but only if the person was using these controls.
  const keepsFocus = useRef(false);
  useEffect(() => {
    const section = sectionRef.current;
    if (!keepsFocus.current || !section) return;
    const active = document.activeElement;
    if (active !== null && active !== document.body) return;
    const target =
      section.querySelector<HTMLElement>('button:not(:disabled)') ?? section.querySelector('h2');
    target?.focus();
    keepsFocus.current = state.status === 'downloading';
  }, [state.status]);
  if (state.status === 'unsupported') return null;

  return (
    <section
      ref={sectionRef}
      aria-labelledby={`${id}-title`}
      className="mx-auto max-w-[44rem] space-y-4 rounded-2xl border border-border bg-card p-5 text-card-foreground"
    >
      <div>
        <h2
          id={`${id}-title`}
          tabIndex={-1}
          className="font-serif text-xl font-semibold tracking-tight outline-none"
        >
          Read offline
        </h2>
        {state.status === 'done' ? null : (
          <p className="mt-2 text-sm text-muted-foreground">
            {`Chapters you have read open without a connection. Save all ${formatCount(bibleChapterCount)} chapters of the ${info.name} on this device (a download of about 1 MB) to read any of them offline.`}
          </p>
        )}
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <label htmlFor={`${id}-translation`} className="text-sm font-medium">
            Translation
          </label>
          <select
            id={`${id}-translation`}
            value={chosen}
            onChange={(event) => setChosen(parseTranslation(event.target.value) ?? chosen)}
            className="h-9 max-w-full min-w-0 truncate rounded-full border border-border bg-background pr-8 pl-3 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            {translations.map((option) => (
              <option key={option.id} value={option.id}>
                {`${option.abbreviation} · ${option.name}`}
              </option>
            ))}
          </select>
          {downloaded.length > 0 ? (
            <span className="text-sm text-muted-foreground">
              {`On this device: ${downloaded.map((entry) => translationInfo(entry).abbreviation).join(', ')}`}
            </span>
          ) : null}
        </div>
        {/* Always in the page, so that the start, the end and a failure are announced (not
            every chapter); shown when it is the news. */}
        <div role="status">
          {state.status === 'downloading' ? (
            <p className="sr-only">{`Downloading the Bible (${info.abbreviation}) for offline use…`}</p>
          ) : state.status === 'done' ? (
            <p className="mt-2 flex items-start gap-2 text-sm">
              <CircleCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span>
                {`The whole Bible is available offline on this device in the ${info.name}: every chapter opens without a connection.`}
              </span>
            </p>
          ) : state.status === 'failed' ? (
            <p className="mt-2 text-sm text-destructive">The download stopped. {state.message}</p>
          ) : null}
        </div>
      </div>

      {state.status === 'downloading' ? (
        <div className="space-y-3">
          <DownloadProgress
            saved={state.saved}
            labelId={`${id}-progress`}
            label={`Downloading the Bible (${info.abbreviation})`}
          />
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              keepsFocus.current = true;
              cancelBibleDownload();
            }}
          >
            <X aria-hidden="true" />
            Cancel download
          </Button>
        </div>
      ) : state.status === 'done' ? null : (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          {/* The label wraps on a narrow phone (320 px) rather than push the page sideways. */}
          <Button
            variant="outline"
            className="h-auto min-h-10 py-2 text-left whitespace-normal"
            onClick={() => {
              keepsFocus.current = true;
              void startBibleDownload(chosen);
            }}
            disabled={!isOnline || state.status === 'checking' || isOtherDownloading}
          >
            <Download aria-hidden="true" />
            Download the Bible for offline use
          </Button>
          {!isOnline ? (
            <p className="text-sm text-muted-foreground">Connect to the internet to download.</p>
          ) : isOtherDownloading ? (
            <p className="text-sm text-muted-foreground">
              {`The ${translationInfo(downloading).abbreviation} is downloading; one at a time.`}
            </p>
          ) : null}
        </div>
      )}
      <StudyNotesDownload showsOfflineHint={state.status === 'done'} />
    </section>
  );
}

/** The download's size on the wire, measured from the built pack (rules/study-download.ts). */
const studyDownloadSize = `${(studyDownloadBytes / 1_000_000).toFixed(1)} MB`;

/**
 * 'Study notes for offline use': every chapter's study data and the Strong's dictionaries saved
 * on this device (decision 023, "Offline"), the same for every translation, so one download
 * covers all; its size shown before it starts.
 */
function StudyNotesDownload({ showsOfflineHint }: { showsOfflineHint: boolean }) {
  const id = useId();
  const state = useStudyDownload();
  const isOnline = useIsOnline();
  const blockRef = useRef<HTMLDivElement>(null);
  // As the Bible's: the button pressed goes away, and focus moves to what replaces it.
  const keepsFocus = useRef(false);
  useEffect(() => {
    const block = blockRef.current;
    if (!keepsFocus.current || !block) return;
    const active = document.activeElement;
    if (active !== null && active !== document.body) return;
    block.querySelector<HTMLElement>('button:not(:disabled)')?.focus();
    keepsFocus.current = state.status === 'downloading';
  }, [state.status]);
  if (state.status === 'unsupported') return null;

  return (
    <div ref={blockRef} className="space-y-3 border-t border-border pt-4">
      <div role="status">
        {state.status === 'downloading' ? (
          <p className="sr-only">Downloading the study notes for offline use…</p>
        ) : state.status === 'done' ? (
          <p className="flex items-start gap-2 text-sm">
            <CircleCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>
              The study notes are available offline on this device, for every translation.
            </span>
          </p>
        ) : state.status === 'failed' ? (
          <p className="text-sm text-destructive">
            The study notes’ download stopped. {state.message}
          </p>
        ) : null}
      </div>
      {state.status === 'downloading' ? (
        <div className="space-y-3">
          <DownloadProgress
            saved={state.saved}
            labelId={`${id}-progress`}
            label="Downloading the study notes"
          />
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              keepsFocus.current = true;
              cancelStudyDownload();
            }}
          >
            <X aria-hidden="true" />
            Cancel the study notes’ download
          </Button>
        </div>
      ) : state.status === 'done' ? null : (
        <div className="space-y-2">
          <Button
            variant="outline"
            className="h-auto min-h-10 py-2 text-left whitespace-normal"
            onClick={() => {
              keepsFocus.current = true;
              void startStudyDownload();
            }}
            disabled={!isOnline || state.status === 'checking'}
          >
            <Download aria-hidden="true" />
            {`Study notes for offline use · ${studyDownloadSize}`}
          </Button>
          <p className="text-sm text-muted-foreground">
            {!isOnline && showsOfflineHint
              ? 'Connect to the internet to download.'
              : "The Strong's numbers of every word and their meanings, and the verses with strong cross-references: the same in every translation, so one download covers them all."}
          </p>
        </div>
      )}
    </div>
  );
}
