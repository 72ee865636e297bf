// The translation a person reads in (issue 25): remembered in their settings when signed in and
// on this device always (so a visitor keeps theirs, and a member's shows before their settings
// have loaded). Every screen that shows a verse asks usePreferredTranslation(); the reader's
// address (&translation=) overrides it for the chapter on screen.
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import {
  defaultTranslation,
  translationIds,
  translations,
  type TranslationId,
  type TranslationInfo,
} from '../../shared/bible/translations.ts';
import { useSettings, useUpdateSettings, type UpdateSettingsMessages } from '../api/settings.ts';
import { useSession } from './session.ts';

export const translationStorageKey = 'grounded.translation';

/** A known translation id, else null (an address or a stored value may hold anything). */
export function parseTranslation(value: string | null | undefined): TranslationId | null {
  return (translationIds as readonly string[]).includes(value ?? '')
    ? (value as TranslationId)
    : null;
}

export function translationInfo(id: TranslationId): TranslationInfo {
  const found = translations.find((translation) => translation.id === id);
  if (!found) throw new Error(`Unknown translation: ${id}`);
  return found;
}

/** 'KJV', 'WEB', 'ASV': how a verse names its translation after the reference. */
export function translationAbbreviation(id: TranslationId | string | null | undefined): string {
  return translationInfo(parseTranslation(id) ?? defaultTranslation).abbreviation;
}

/** This tab's choice when storage is blocked (private mode, policies): used, not remembered. */
let unstored: TranslationId | null = null;
const listeners = new Set<() => void>();

export function readDeviceTranslation(): TranslationId {
  if (unstored !== null) return unstored;
  try {
    return parseTranslation(localStorage.getItem(translationStorageKey)) ?? defaultTranslation;
  } catch {
    return defaultTranslation;
  }
}

export function rememberOnDevice(id: TranslationId): void {
  if (readDeviceTranslation() === id) return;
  try {
    localStorage.setItem(translationStorageKey, id);
  } catch {
    unstored = id;
  }
  for (const listener of listeners) listener();
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  window.addEventListener('storage', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The device's remembered translation; a page rendered in advance has the KJV. */
export function useDeviceTranslation(): TranslationId {
  return useSyncExternalStore(subscribe, readDeviceTranslation, () => defaultTranslation);
}

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
  };
}
