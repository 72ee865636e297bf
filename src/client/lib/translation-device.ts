// The translation this device reads in (decision 015), and the names of translations: what a
// screen needs to name a verse's translation or quote in the device's, without the settings
// resource that api/translation-preference.ts adds for a member (this module is on the landing
// page's first load).
import { useSyncExternalStore } from 'react';
import {
  defaultTranslation,
  translationCookieName,
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
  keepInCookie(id);
}

/** The translation the cookie names now, as the server reads it. */
function cookieTranslation(): TranslationId {
  const pattern = new RegExp(`(?:^|;\\s*)${translationCookieName}=([^;]*)`);
  return parseTranslation(pattern.exec(document.cookie)?.[1]) ?? defaultTranslation;
}

/**
 * The device's translation in a cookie too (translationCookieName), so that the server draws
 * the verse of the day in it (decision 011); none for the KJV, the server's default.
 */
function keepInCookie(id: TranslationId): void {
  if (typeof document === 'undefined' || cookieTranslation() === id) return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const value = id === defaultTranslation ? '; Max-Age=0' : `; Max-Age=${400 * 24 * 60 * 60}`;
  document.cookie = `${translationCookieName}=${id === defaultTranslation ? '' : id}; Path=/; SameSite=Lax${value}${secure}`;
}

/** Once the app runs: a device that chose before the cookie existed gets it. */
export function keepDeviceTranslationInCookie(): void {
  keepInCookie(deviceChoice.read());
}

/** The device's remembered translation; a page rendered in advance has the KJV. */
export function useDeviceTranslation(): TranslationId {
  return useSyncExternalStore(deviceChoice.subscribe, deviceChoice.read, () => defaultTranslation);
}
