// The translation this device reads in (decision 015), and the names of translations: what a
// screen needs to name a verse's translation or quote in the device's, without the settings
// resource that api/translation-preference.ts adds for a member (this module is on the landing
// page's first load).
import { useSyncExternalStore } from 'react';
import {
  defaultTranslation,
  translationNamed,
  type TranslationId,
} from '#shared/bible/translations.ts';
import { storedChoice } from './stored-choice.ts';

export const translationStorageKey = 'grounded.translation';

/** A known translation id, else null (an address or a stored value may hold anything). */
export function parseTranslation(value: string | null | undefined): TranslationId | null {
  return translationNamed(value);
}

/** 'KJV', 'WEB', 'ASV': how a verse names its translation after the reference. */
export function translationAbbreviation(id: TranslationId | string | null | undefined): string {
  // Each abbreviation is its id in capitals (a unit test holds the list to it): the landing
  // page's quote then needs no list of names on its first load.
  return (parseTranslation(id) ?? defaultTranslation).toUpperCase();
}

const deviceChoice = storedChoice<TranslationId>(
  translationStorageKey,
  (stored) => parseTranslation(stored) ?? defaultTranslation,
);

export const readDeviceTranslation = deviceChoice.read;

export function rememberOnDevice(id: TranslationId): void {
  if (deviceChoice.read() !== id) deviceChoice.write(id);
}

/** The device's remembered translation; a page rendered in advance has the KJV. */
export function useDeviceTranslation(): TranslationId {
  return useSyncExternalStore(deviceChoice.subscribe, deviceChoice.read, () => defaultTranslation);
}
