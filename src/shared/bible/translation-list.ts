// The translations' names, abbreviations and years (decision 015), and their licence notes (for
// GET /api/bible/translations). No zod here (decision 014): screens read this list.
import type { TranslationId } from './translations.ts';

export type TranslationInfo = {
  id: TranslationId;
  name: string;
  abbreviation: string;
  year: number;
};

export const translations: readonly TranslationInfo[] = [
  {
    id: 'kjv',
    name: 'King James Version',
    abbreviation: 'KJV',
    year: 1769,
  },
  {
    id: 'web',
    name: 'World English Bible',
    abbreviation: 'WEB',
    // The first complete edition. The package's text is a later revision from before 2020 (John
    // 3:16 'his one and only Son', which the 2020 text renders 'his only born Son').
    year: 2000,
  },
  {
    id: 'asv',
    name: 'American Standard Version',
    abbreviation: 'ASV',
    year: 1901,
  },
];

/** Each translation's licence note, for GET /api/bible/translations (not shipped to screens). */
export const translationLicences: Record<TranslationId, string> = {
  kjv: 'Public domain (the 1769 Oxford text).',
  web: 'Public domain: dedicated to the public domain by its publisher, eBible.org.',
  asv: 'Public domain (published 1901).',
};
