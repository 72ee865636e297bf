import { useQueryClient } from '@tanstack/react-query';
import { ArrowRight, BookOpen, List, Search } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import type { SearchResponse, SearchResult } from '../../../../shared/schemas/bible.ts';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { searchQueryOptions, useBibleSearch } from '../api/search-bible.ts';
import { passageReference } from '../lib/passage-reference.ts';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';
import { MarkedText } from './marked-text.tsx';
import { SearchResultsPanel } from './search-results-panel.tsx';

/** spec §9: the search waits 500 ms after the last key; the dropdown shows the top 5. */
const debounceMs = 500;
const suggestionCount = 5;

type Option =
  | { type: 'goto'; id: string; reference: string }
  | { type: 'result'; id: string; result: SearchResult }
  | { type: 'all'; id: string; total: number };

function optionsFor(response: SearchResponse | undefined, listId: string): Option[] {
  if (!response) return [];
  const options: Option[] = [];
  const reference = passageReference(response);
  if (reference) options.push({ type: 'goto', id: `${listId}-goto`, reference });
  response.results.slice(0, suggestionCount).forEach((result, index) => {
    options.push({ type: 'result', id: `${listId}-${index}`, result });
  });
  if (response.total > suggestionCount) {
    options.push({ type: 'all', id: `${listId}-all`, total: response.total });
  }
  return options;
}

/**
 * One box for references and words (combobox + listbox pattern): ↑ ↓ choose, Enter opens,
 * Escape closes then clears. Enter without a choice goes straight to a named passage, or
 * opens every result; a reference the KJV does not have ('Genesis 51') is said so
 * (onMissingReference), never answered with hits for the book's name.
 */
export function BibleSearch({
  onOpenReference,
  onMissingReference,
}: {
  onOpenReference: (reference: string) => void;
  onMissingReference: (reference: string) => void;
}) {
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const statusId = `${id}-status`;
  const queryClient = useQueryClient();
  const [value, setValue] = useState('');
  const [query, setQuery] = useDebouncedValue(value.trim(), debounceMs);
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [panelQuery, setPanelQuery] = useState<string | null>(null);
  const search = useBibleSearch({ query, limit: suggestionCount, offset: 0 });

  const hasQuery = value.trim() !== '' && query !== '';
  const response = hasQuery ? search.data : undefined;
  const options = optionsFor(response, listId);
  const isPopupShown = isOpen && hasQuery;
  const isListShown = isPopupShown && options.length > 0;
  const activeOption = isListShown ? options[activeIndex] : undefined;

  let status = '';
  if (hasQuery && search.isError) status = 'Search is not available right now. Please try again.';
  else if (hasQuery && !response && search.isFetching) status = 'Searching…';
  else if (response?.kind === 'missing' && response.note) status = response.note;
  else if (response && response.total === 0) status = `No verses found for “${query}”.`;
  else if (response) {
    status = `${response.total} ${response.total === 1 ? 'verse' : 'verses'} found.`;
  }

  function close() {
    setIsOpen(false);
    setActiveIndex(-1);
  }

  function choose(option: Option) {
    close();
    if (option.type === 'goto') onOpenReference(option.reference);
    else if (option.type === 'result') onOpenReference(option.result.reference);
    else setPanelQuery(query);
  }

  async function submit() {
    const text = value.trim();
    if (text === '') return;
    setQuery(text);
    close();
    try {
      const result = await queryClient.fetchQuery(
        searchQueryOptions({ query: text, limit: suggestionCount, offset: 0 }),
      );
      const reference = passageReference(result);
      if (reference) onOpenReference(reference);
      else if (result.kind === 'missing') onMissingReference(text);
      else setPanelQuery(text);
    } catch {
      setPanelQuery(text);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!isListShown) {
        setIsOpen(true);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((current) => {
        if (current < 0) return step === 1 ? 0 : options.length - 1;
        return (current + step + options.length) % options.length;
      });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (activeOption) choose(activeOption);
      else void submit();
    } else if (event.key === 'Escape') {
      if (isPopupShown) {
        event.preventDefault();
        close();
      } else if (value !== '') {
        event.preventDefault();
        setValue('');
      }
    }
  }

  return (
    <div>
      <div role="search" aria-label="Search the Bible" className="relative z-40">
        <Label htmlFor={inputId} className="sr-only">
          Search the Bible
        </Label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-muted-foreground"
        />
        <input
          id={inputId}
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={isListShown}
          aria-controls={isListShown ? listId : undefined}
          aria-activedescendant={activeOption?.id}
          aria-describedby={statusId}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          placeholder="John 3:16 or “love one another”"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setIsOpen(true);
            setActiveIndex(-1);
          }}
          onFocus={() => setIsOpen(true)}
          onBlur={close}
          onKeyDown={onKeyDown}
          className={cn(
            'flex h-12 w-full min-w-0 rounded-2xl border border-input bg-card pr-10 pl-12 text-base text-foreground shadow-sm transition-colors placeholder:text-muted-foreground',
            'focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 focus-visible:outline-none',
            '[&::-webkit-search-cancel-button]:cursor-pointer',
          )}
        />
        {hasQuery && search.isFetching ? (
          <Spinner className="absolute top-1/2 right-4 size-4 -translate-y-1/2" />
        ) : null}
        <p id={statusId} role="status" className="sr-only">
          {isPopupShown ? status : ''}
        </p>
        {isPopupShown && status !== '' ? (
          <div className="absolute inset-x-0 top-full mt-2 max-h-[min(30rem,65vh)] overflow-y-auto rounded-2xl border border-border bg-card p-1.5 text-card-foreground shadow-xl">
            {isListShown ? (
              <ul
                id={listId}
                role="listbox"
                aria-label="Search suggestions"
                className={cn(search.isPlaceholderData && 'opacity-60')}
              >
                {options.map((option, index) => (
                  <li
                    key={option.id}
                    id={option.id}
                    role="option"
                    aria-selected={index === activeIndex}
                    // Keep focus in the box; the click still chooses the option.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => choose(option)}
                    onMouseMove={() => setActiveIndex(index)}
                    className={cn(
                      'flex cursor-pointer gap-3 rounded-xl px-3 py-2.5 text-sm',
                      index === activeIndex && 'bg-muted',
                      option.type !== 'result' && 'items-center font-medium',
                    )}
                  >
                    <OptionContent option={option} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="px-3 py-2.5 text-sm text-muted-foreground">{status}</p>
            )}
          </div>
        ) : null}
      </div>
      {panelQuery ? (
        <SearchResultsPanel
          key={panelQuery}
          query={panelQuery}
          onClose={() => setPanelQuery(null)}
          onOpenReference={onOpenReference}
        />
      ) : null}
    </div>
  );
}

function OptionContent({ option }: { option: Option }) {
  if (option.type === 'goto') {
    return (
      <>
        <BookOpen className="size-4 shrink-0 text-primary" aria-hidden="true" />
        <span className="flex-1">Go to {option.reference}</span>
        <ArrowRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      </>
    );
  }
  if (option.type === 'all') {
    return (
      <>
        <List className="size-4 shrink-0 text-primary" aria-hidden="true" />
        <span className="flex-1">See all {option.total} results</span>
      </>
    );
  }
  const { result } = option;
  return (
    <span className="min-w-0">
      <span className="block font-semibold text-primary">{result.reference}</span>
      <span className="mt-0.5 line-clamp-2 font-serif text-foreground">
        <MarkedText content={result.content} ranges={result.highlights} />
      </span>
    </span>
  );
}
