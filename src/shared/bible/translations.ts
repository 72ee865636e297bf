// The translations the reader offers (decision 015): their ids. Each is public domain and ships with
// the app as a registry package read by the server; docs/decisions/015-translations.md says what
// was checked. Their names are in translation-list.ts, apart, so that a screen that only reads an
// id (the landing page's quote, on its first load) does not carry them. No zod (decision 014).

export const translationIds = ['kjv', 'web', 'asv'] as const;
export type TranslationId = (typeof translationIds)[number];

/**
 * The translation an address or a stored value names, in any case and with spaces around it
 * (people type `translation=WEB`, as the translation is written); null when it names none.
 */
export function translationNamed(value: string | null | undefined): TranslationId | null {
  const id = value?.trim().toLowerCase() ?? '';
  return translationIds.find((known) => known === id) ?? null;
}
export const defaultTranslation: TranslationId = 'kjv';

/**
 * The cookie that tells the server the translation this device reads in (the app writes it
 * beside its own copy, lib/translation-device.ts; absent for the KJV), so that a screen the
 * server draws with a verse (/verse-of-day) draws it in that translation (decision 011).
 */
export const translationCookieName = 'grounded-translation';
