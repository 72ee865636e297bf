import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  useSavedVerseStatus,
  useSaveVerse,
  type SaveVerseMessages,
} from '#client/api/saved-verses.ts';
import {
  useSettings,
  useUpdateSettings,
  type UpdateSettingsMessages,
} from '#client/api/settings.ts';
import { usePreferredTranslation } from '#client/api/translation-preference.ts';
import { getDailyVerse, useDailyVerse } from '#client/api/verses.ts';
import { PageShell } from '#client/components/page-shell.tsx';
import { DailyNotificationsCard } from '#client/features/verse-of-day/components/daily-notifications-card.tsx';
import { DailyVerseCard } from '#client/features/verse-of-day/components/daily-verse-card.tsx';
import {
  dailySavePayload,
  journalPath,
  parsePendingDownload,
  parsePendingNotifications,
  parsePendingSave,
  pendingDownloadKind,
  pendingNotificationsKind,
  pendingSave,
  pendingSaveKind,
} from '#client/features/verse-of-day/lib/daily-verse.ts';
import {
  localDay,
  useDrawnDailyVerse,
} from '#client/features/verse-of-day/lib/drawn-daily-verse.ts';
import { useToday } from '#client/features/verse-of-day/lib/use-today.ts';
import { isoDay } from '#client/lib/dates.ts';
import { notify } from '#client/lib/notify.ts';
import { useSession } from '#client/lib/session.ts';
import { useHasStarted } from '#client/lib/use-has-started.ts';
import { useIdlePreload } from '#client/lib/use-idle-preload.ts';
import { usePendingAction } from '#client/lib/use-pending-action.ts';
import { useRequireSignIn } from '#client/lib/use-require-sign-in.ts';
import { imageSizeFor, renderVerseImage } from '#client/lib/verse-image/render-verse-image.ts';
import { useDownloadVerseImage } from '#client/lib/verse-image/use-download-verse-image.ts';
import { dayOfYear } from '#shared/content/verse-of-day.ts';
import { defaultImageMood } from '#shared/mood/moods.ts';
import type { DailyVerseResponse } from '#shared/schemas/verses.ts';

/**
 * Today's verse drawn at the window's size, naming its translation. It has no mood, so the
 * image uses the default one (product §9).
 */
function drawDailyVerseImage({ text, reference, translation }: DailyVerseResponse): Promise<Blob> {
  return renderVerseImage(
    { text, reference, translation, mood: defaultImageMood },
    imageSizeFor(window.innerWidth),
  );
}

/** product §8 toasts for saving today's verse. */
const saveMessages: SaveVerseMessages = {
  success: () => ({
    title: 'Verse Saved',
    description: "Today's verse has been saved to your collection.",
  }),
  failureDescription: 'There was an error saving your verse.',
};

/** The daily verse notification turned on or off here says so in this screen's words. */
const dailyNotificationsMessages: UpdateSettingsMessages = {
  success: (settings) => ({
    title: 'Settings Saved',
    description: settings.daily_verse_notifications
      ? 'You will receive a daily verse notification.'
      : 'Daily verse notifications are turned off.',
  }),
  failureDescription: 'There was an error saving your settings. Please try again.',
};

/** product §2 /verse-of-day: open to view; saving, downloading and journaling need an account. */
export function VerseOfDayPage() {
  const navigate = useNavigate();
  const session = useSession();
  const isSignedIn = session.status === 'signed-in';
  const requireSignIn = useRequireSignIn();
  const localToday = useToday();
  // In the person's translation (decision 015); saved and drawn in the one its text is in.
  const { translation } = usePreferredTranslation();
  const daily = useDailyVerse(dayOfYear(localToday), translation);
  // A page the server drew shows its day and verse while the app hydrates (the same markup),
  // and until the visitor's own day's verse is in, if that is another (drawn-daily-verse.ts).
  // Once the page has moved on from it (another day, another translation), it never goes back:
  // the next day's verse loads as on any page.
  const hasStarted = useHasStarted();
  const drawn = useDrawnDailyVerse();
  const [hasLeftDrawn, setHasLeftDrawn] = useState(false);
  const isDrawnOwn =
    drawn !== undefined &&
    drawn.date === isoDay(localToday) &&
    drawn.verse.translation === translation;
  const showsDrawn =
    drawn !== undefined &&
    !hasLeftDrawn &&
    (!hasStarted || isDrawnOwn || (daily.data === undefined && !daily.isError));
  // Set while rendering, as React advises for state that follows from props and state.
  if (drawn && !showsDrawn && !hasLeftDrawn) setHasLeftDrawn(true);
  const verse = showsDrawn ? drawn.verse : daily.data;
  // A page the server drew came with its verse, so the app never asked for it. Where a service
  // worker keeps the app for use offline, the verse is asked for once when the browser is idle,
  // through the worker, so that it is in the worker's cache when the network is gone (sw.ts).
  // A first visit has no worker in control yet, and asks nothing.
  const drawnDay = drawn && isDrawnOwn ? dayOfYear(localDay(drawn.date)) : null;
  useIdlePreload(
    useCallback(() => {
      if (drawnDay === null || !navigator.serviceWorker?.controller) return;
      getDailyVerse(drawnDay, translation).catch(() => undefined);
    }, [drawnDay, translation]),
  );
  const today = showsDrawn ? localDay(drawn.date) : localToday;
  const saveVerse = useSaveVerse(saveMessages);
  const download = useDownloadVerseImage({ drawImage: drawDailyVerseImage });
  const settings = useSettings({ enabled: isSignedIn });
  const updateNotifications = useUpdateSettings(dailyNotificationsMessages);
  // From the server, so a verse saved before (a reload, another device) says 'Saved' at once;
  // a new day's verse is another reference, so it starts unsaved.
  const savedStatus = useSavedVerseStatus(verse?.reference);

  // Back from signing in: the save the visitor asked for, of the verse they were shown.
  usePendingAction(pendingSaveKind, parsePendingSave, (pending) => {
    saveVerse.mutate(dailySavePayload(pending.verse, pending.date));
  });
  usePendingAction(pendingDownloadKind, parsePendingDownload, (pendingVerse) => {
    download.mutate(pendingVerse);
  });
  usePendingAction(pendingNotificationsKind, parsePendingNotifications, () => {
    updateNotifications.mutate({ daily_verse_notifications: true });
  });

  function onSave() {
    if (!verse || saveVerse.isPending || savedStatus.isSaved) return;
    if (!isSignedIn) {
      requireSignIn('Please sign in to save verses.', 'Sign In', {
        kind: pendingSaveKind,
        data: pendingSave(verse, today),
      });
      return;
    }
    saveVerse.mutate(dailySavePayload(verse, today));
  }

  function onDownload() {
    if (!verse) return;
    // product §5: on this page, downloading the image needs an account.
    if (!isSignedIn) {
      requireSignIn('Please sign in to download verse images.', 'Sign In', {
        kind: pendingDownloadKind,
        data: verse,
      });
      return;
    }
    download.mutate(verse);
  }

  function onReflect() {
    if (!verse) return;
    const journal = journalPath(verse.reference);
    if (isSignedIn) {
      void navigate(journal);
      return;
    }
    // After signing in, carry on to the journal with this verse.
    void navigate('/auth', { state: { from: journal } });
    notify.error('Sign in required', 'Please sign in to access your journal.');
  }

  function onNotificationsChange(enabled: boolean) {
    if (!isSignedIn) {
      // Only turning them on waits for sign-in; a visitor's switch is always off.
      requireSignIn(
        'Please sign in to enable daily verse notifications.',
        'Sign In',
        enabled ? { kind: pendingNotificationsKind, data: true } : undefined,
      );
      return;
    }
    updateNotifications.mutate({ daily_verse_notifications: enabled });
  }

  return (
    <PageShell
      title="Verse of the Day"
      subtitle="A word from Scripture for each day of the year, to carry with you."
    >
      <DailyVerseCard
        date={today}
        dateLabel={showsDrawn ? drawn.label : undefined}
        verse={verse}
        isError={!showsDrawn && daily.isError}
        onRetry={() => void daily.refetch()}
        onSave={onSave}
        isSaving={saveVerse.isPending}
        isSaved={savedStatus.isSaved}
        onDownload={onDownload}
        isDownloading={download.isPending}
        onReflect={onReflect}
      />
      <DailyNotificationsCard
        isEnabled={
          isSignedIn
            ? (settings.data?.daily_verse_notifications ?? (settings.isError ? false : null))
            : false
        }
        isSaving={updateNotifications.isPending}
        onChange={onNotificationsChange}
      />
    </PageShell>
  );
}
