// A translation's name, abbreviation and year (decision 015), for screens that show them (the reader,
// saved verses, Settings). Apart from translation-device.ts, which the landing page loads first.
import { translations, type TranslationInfo } from '#shared/bible/translation-list.ts';
import type { TranslationId } from '#shared/bible/translations.ts';

export function translationInfo(id: TranslationId): TranslationInfo {
  const found = translations.find((translation) => translation.id === id);
  if (!found) throw new Error(`Unknown translation: ${id}`);
  return found;
}
