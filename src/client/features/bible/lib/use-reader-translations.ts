import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { usePreferredTranslation } from '#client/api/translation-preference.ts';
import { searchWith } from '#client/lib/address-params.ts';
import { parseTranslation } from '#client/lib/translation-device.ts';
import { defaultTranslation, type TranslationId } from '#shared/bible/translations.ts';
import type { ReaderTranslations } from './reader-url.ts';

export type ReaderTranslationState = Required<ReaderTranslations> & {
  /** Reads the chapter in another translation, and remembers it as the person's. */
  choose: (translation: TranslationId) => void;
  /** Shows a second translation beside the first, or (null) stops. */
  chooseParallel: (translation: TranslationId | null) => void;
};

/**
 * The reader's translation is in its address (&translation=web; none for the KJV),
 * so a shared link opens the same text. An address without one opens the person's own (their
 * settings, or this device's choice), and the address is brought to say so. Choosing one
 * remembers it; a link naming one does not. &parallel= names a second translation to read
 * alongside.
 */
export function useReaderTranslations(): ReaderTranslationState {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { translation: preferred, setTranslation, isSettled } = usePreferredTranslation();

  const named = searchParams.get('translation');
  const fromAddress = parseTranslation(named);
  const translation = fromAddress ?? preferred;
  const parallelNamed = parseTranslation(searchParams.get('parallel'));
  const parallel = parallelNamed !== null && parallelNamed !== translation ? parallelNamed : null;

  // The address says which translation is shown (only once it names a chapter: until then the
  // reader is still choosing one, and writes the address itself).
  const hasChapter = searchParams.has('book');
  const wanted = translation === defaultTranslation ? null : translation;
  // A member's settings decide over the device's choice: the address waits for them, else the
  // device's would be written into it and then win over the settings.
  useEffect(() => {
    if (!hasChapter || named === wanted || (fromAddress === null && !isSettled)) return;
    void navigate(
      { search: searchWith(location.search, { translation: wanted }) },
      { replace: true, state: location.state, preventScrollReset: true },
    );
  }, [
    hasChapter,
    named,
    wanted,
    fromAddress,
    isSettled,
    navigate,
    location.search,
    location.state,
  ]);

  const choose = useCallback(
    (next: TranslationId) => {
      setTranslation(next);
      void navigate(
        {
          search: searchWith(location.search, {
            translation: next === defaultTranslation ? null : next,
            // The same translation on both sides is the single view.
            ...(parseTranslation(new URLSearchParams(location.search).get('parallel')) === next
              ? { parallel: null }
              : {}),
          }),
        },
        { replace: true, state: location.state, preventScrollReset: true },
      );
    },
    [setTranslation, navigate, location.search, location.state],
  );

  const chooseParallel = useCallback(
    (next: TranslationId | null) => {
      void navigate(
        { search: searchWith(location.search, { parallel: next }) },
        { replace: true, state: location.state, preventScrollReset: true },
      );
    },
    [navigate, location.search, location.state],
  );

  return { translation, parallel, choose, chooseParallel };
}
