// The app's translations: the KJV, loaded before the server listens (every screen uses it), and
// the others read from their packages on first use (decision 015: reading the WEB's 66 files takes
// longer than the 150 ms a translation may add to start-up). main.ts reads them once listening.
import type { TranslationId } from '#shared/bible/translations.ts';
import { loadAmericanStandardVersion } from './asv.ts';
import type { Bible } from './bible.ts';
import { loadWorldEnglishBible } from './web.ts';

export type Translations = {
  /** The translation's text, read from its package the first time it is asked for. */
  get(id: TranslationId): Bible;
};

const loaders: Record<Exclude<TranslationId, 'kjv'>, () => Bible> = {
  web: loadWorldEnglishBible,
  asv: loadAmericanStandardVersion,
};

/** Read once per process: every app built in it (tests build many) shares the text. */
const loaded = new Map<TranslationId, Bible>();

export function createTranslations(kjv: Bible): Translations {
  const get = (id: TranslationId): Bible => {
    if (id === 'kjv') return kjv;
    let bible = loaded.get(id);
    if (!bible) {
      bible = loaders[id]();
      loaded.set(id, bible);
    }
    return bible;
  };
  return { get };
}
