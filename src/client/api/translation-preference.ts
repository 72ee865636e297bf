// The translation a person reads in (decision 015, docs/product.md): once signed in, the
// account's setting wins and the device follows it; a new account starts with the device's
// (api/sign-in.ts). Remembered in their settings when signed in and on this device always (so a
// visitor keeps theirs, and a member's shows before their settings have loaded). Every screen that shows a verse asks usePreferredTranslation(); the reader's
// address (&translation=) overrides it for the chapter on screen.
import { useCallback, useEffect } from 'react';
import { useSession } from '#client/lib/session.ts';
import {
  parseTranslation,
  rememberOnDevice,
  useDeviceTranslation,
} from '#client/lib/translation-device.ts';
import type { TranslationId } from '#shared/bible/translations.ts';
import { useSettings, useUpdateSettings, type UpdateSettingsMessages } from './settings.ts';

/**
 * The person's translation and a way to change it. A member's settings decide once loaded (and
 * are copied to the device); a change is kept on the device at once and, for a member, saved to
 * their settings: shown as chosen while it is saved, and taken back (on the device too) if the
 * save fails. `messages` toasts the save in a screen's words (Settings).
 */
export function usePreferredTranslation(messages?: UpdateSettingsMessages): {
  translation: TranslationId;
  setTranslation: (id: TranslationId) => void;
  /** A member's change is on its way to their settings. */
  isSaving: boolean;
  /** False while a member's settings load: `translation` is still the device's, which they overrule. */
  isSettled: boolean;
} {
  const session = useSession();
  const isSignedIn = session.status === 'signed-in';
  const device = useDeviceTranslation();
  const settings = useSettings({ enabled: isSignedIn });
  const saved = isSignedIn ? parseTranslation(settings.data?.translation) : null;
  const update = useUpdateSettings(messages);
  const { mutate } = update;
  // What a member just chose, while it is saved (their settings still hold the one before).
  const saving = update.isPending ? update.variables.translation : undefined;

  useEffect(() => {
    if (saved !== null) rememberOnDevice(saved);
  }, [saved]);

  const setTranslation = useCallback(
    (id: TranslationId) => {
      rememberOnDevice(id);
      if (isSignedIn && saved !== id) {
        mutate(
          { translation: id },
          {
            onError: () => {
              if (saved !== null) rememberOnDevice(saved);
            },
          },
        );
      }
    },
    [isSignedIn, saved, mutate],
  );

  return {
    translation: saving ?? saved ?? device,
    setTranslation,
    isSaving: update.isPending,
    isSettled: !isSignedIn || saved !== null || settings.isError,
  };
}
