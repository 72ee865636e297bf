// The translations the reader offers (issue 25). Each is public domain and ships with the app as
// a registry package read by the server; docs/decisions/015-translations.md says what was
// checked. No zod here (decision 014): screens read this list.

export const translationIds = ['kjv', 'web', 'asv'] as const;
export type TranslationId = (typeof translationIds)[number];
export const defaultTranslation: TranslationId = 'kjv';

export type TranslationInfo = {
  id: TranslationId;
  name: string;
  abbreviation: string;
  year: number;
  licence: string;
};

export const translations: readonly TranslationInfo[] = [
  {
    id: 'kjv',
    name: 'King James Version',
    abbreviation: 'KJV',
    year: 1769,
    licence: 'Public domain (the 1769 Oxford text).',
  },
  {
    id: 'web',
    name: 'World English Bible',
    abbreviation: 'WEB',
    year: 2020,
    licence: 'Public domain: dedicated to the public domain by its publisher, eBible.org.',
  },
  {
    id: 'asv',
    name: 'American Standard Version',
    abbreviation: 'ASV',
    year: 1901,
    licence: 'Public domain (published 1901).',
  },
];
