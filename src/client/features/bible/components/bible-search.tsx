import { Search } from 'lucide-react';
import { Label } from '#client/components/ui/label.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useSearchCombobox } from '#client/features/bible/lib/use-search-combobox.ts';
import { cn } from '#client/lib/cn.ts';
import { loadOnce } from '#client/lib/load-once.ts';
import { useIdlePreload } from '#client/lib/use-idle-preload.ts';
import { useLoadedWhileOpen } from '#client/lib/use-loaded.ts';
import type { TranslationId } from '#shared/bible/translations.ts';
import { SearchOptionContent } from './search-option.tsx';

// The results panel (and the Strong's word card in it) opens only on request: it is not part of
// the reader's first load, which is near its 150 KB budget (decision 014). It is fetched once the
// page is idle (in time for any search); if it cannot be fetched, a toast says so.
const panelCode = loadOnce(() => import('./search-results-panel.tsx'));

/**
 * One box for references and words, with suggestions as the person types
 * (lib/use-search-combobox.ts has the keys), and every result in a panel below on request.
 */
export function BibleSearch({
  translation,
  onOpenReference,
  onMissingReference,
}: {
  /** The translation searched: the reader's (decision 015). */
  translation: TranslationId;
  onOpenReference: (reference: string) => void;
  onMissingReference: (reference: string) => void;
}) {
  const combobox = useSearchCombobox({ translation, onOpenReference, onMissingReference });
  const { options, activeIndex, status, isPopupShown, isListShown, panelQuery } = combobox;
  useIdlePreload(panelCode.preload);
  const panel = useLoadedWhileOpen(panelCode, panelQuery !== null, combobox.closePanel);

  return (
    <div>
      <div role="search" aria-label="Search the Bible" className="relative z-40">
        <Label htmlFor={combobox.inputId} className="sr-only">
          Search the Bible
        </Label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-muted-foreground"
        />
        <input
          {...combobox.inputProps}
          type="search"
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          placeholder="John 3:16 or “love one another”"
          className={cn(
            'flex h-12 w-full min-w-0 rounded-2xl border border-input bg-card pr-10 pl-12 text-base text-foreground shadow-sm transition-colors placeholder:text-muted-foreground',
            'focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 focus-visible:outline-none',
            '[&::-webkit-search-cancel-button]:cursor-pointer',
          )}
        />
        {combobox.isSearching ? (
          <Spinner className="absolute top-1/2 right-4 size-4 -translate-y-1/2" />
        ) : null}
        <p id={combobox.statusId} role="status" className="sr-only">
          {isPopupShown ? status : ''}
        </p>
        {isPopupShown && status !== '' ? (
          <div className="absolute inset-x-0 top-full mt-2 max-h-[min(30rem,65vh)] overflow-y-auto rounded-2xl border border-border bg-card p-1.5 text-card-foreground shadow-xl">
            {isListShown ? (
              <ul
                id={combobox.listId}
                role="listbox"
                aria-label="Search suggestions"
                className={cn(combobox.isPlaceholderData && 'opacity-60')}
              >
                {options.map((option, index) => (
                  <li
                    key={option.id}
                    {...combobox.optionProps(option, index)}
                    className={cn(
                      'flex cursor-pointer gap-3 rounded-xl px-3 py-2.5 text-sm',
                      index === activeIndex && 'bg-muted',
                      option.type !== 'result' &&
                        option.type !== 'word' &&
                        'items-center font-medium',
                    )}
                  >
                    <SearchOptionContent option={option} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="px-3 py-2.5 text-sm text-muted-foreground">{status}</p>
            )}
          </div>
        ) : null}
      </div>
      {panelQuery && panel ? (
        <panel.SearchResultsPanel
          key={`${translation} ${panelQuery}`}
          query={panelQuery}
          translation={translation}
          onClose={combobox.closePanel}
          onOpenReference={onOpenReference}
          onSearch={combobox.openPanel}
        />
      ) : null}
    </div>
  );
}
