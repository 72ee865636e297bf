import { Languages } from 'lucide-react';
import { translations } from '#shared/bible/translation-list.ts';
import type { TranslationId } from '#shared/bible/translations.ts';
import type { SearchStrongsWord } from '#shared/schemas/bible.ts';
import { strongsLanguage, strongsOfferText } from './strongs-text.ts';

function verses(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'verse' : 'verses'}`;
}

/**
 * Above the verses of a Strong's search: the original word, its transliteration and sense, and
 * how many verses of the KJV have it. The tagging is the KJV's, so another translation's
 * verses say so (decision 023). Other numbers the query also spells are one tap away.
 */
export function StrongsWordCard({
  word,
  others = [],
  translation,
  onSearch,
}: {
  word: SearchStrongsWord;
  others?: SearchStrongsWord[] | undefined;
  translation: TranslationId;
  onSearch: (query: string) => void;
}) {
  const language = strongsLanguage(word.number);
  const isKjv = translation === 'kjv';
  const abbreviation = translations.find((item) => item.id === translation)?.abbreviation;
  return (
    <section
      aria-label={`${language} word ${word.transliteration} (${word.number})`}
      className="mt-4 rounded-xl border border-border bg-muted/40 p-4"
    >
      <p className="flex items-center gap-1.5 text-xs font-medium tracking-wide text-muted-foreground uppercase">
        <Languages aria-hidden="true" className="size-3.5" />
        {isKjv ? `Original ${language} word` : `Original ${language} word (KJV tagging)`}
      </p>
      <p className="mt-2 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="rounded-md bg-primary/10 px-1.5 py-0.5 font-mono text-sm font-semibold text-primary">
          {word.number}
        </span>
        <span
          lang={language === 'Hebrew' ? 'he' : 'grc'}
          dir={language === 'Hebrew' ? 'rtl' : 'ltr'}
          className="font-serif text-2xl"
        >
          {word.lemma}
        </span>
        <span className="font-serif text-lg italic">{word.transliteration}</span>
        {word.pronunciation ? (
          <span className="text-sm text-muted-foreground">({word.pronunciation})</span>
        ) : null}
      </p>
      {word.definition ? <p className="mt-2 leading-relaxed">{word.definition}</p> : null}
      <p className="mt-2 text-sm text-muted-foreground">
        {isKjv
          ? `Stands behind the English in ${verses(word.total)} of the KJV.`
          : `Stands behind the English in ${verses(word.total)} of the KJV, shown here in the ${abbreviation ?? 'translation you read'}.`}
      </p>
      {others.length > 0 ? (
        <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <span className="text-muted-foreground">Also spelled this way:</span>
          {others.map((other) => (
            <button
              key={other.number}
              type="button"
              onClick={() => onSearch(other.number)}
              className="cursor-pointer rounded-md text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            >
              {other.transliteration} ({other.number})
            </button>
          ))}
        </p>
      ) : null}
    </section>
  );
}

/** Beside the verses of an English word that is also a transliteration ('hen'): the offer. */
export function StrongsOffer({
  word,
  onSearch,
}: {
  word: SearchStrongsWord;
  onSearch: (query: string) => void;
}) {
  return (
    <p className="mt-4 rounded-xl border border-border bg-muted/40 px-4 py-3 text-sm">
      <button
        type="button"
        onClick={() => onSearch(word.number)}
        className="cursor-pointer text-left text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
      >
        {strongsOfferText(word)}
      </button>
    </p>
  );
}
