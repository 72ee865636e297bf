import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { searchQueryOptions, useBibleSearch } from '#client/api/bible.ts';
import type { TranslationId } from '#shared/bible/translations.ts';
import { passageReference } from './passage-reference.ts';
import {
  optionsFor,
  searchStatus,
  suggestionCount,
  type SearchOption,
} from './search-suggestions.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

/** product §9: the search waits 500 ms after the last key. */
const debounceMs = 500;

type SearchActions = {
  /** The translation searched (decision 015). */
  translation: TranslationId;
  onOpenReference: (reference: string) => void;
  onMissingReference: (reference: string) => void;
};

/**
 * The search box's combobox + listbox pattern: ↑ ↓ choose, Enter opens, Escape closes then
 * clears. Enter without a choice goes straight to a named passage, or opens every result; a
 * reference the KJV does not have ('Genesis 51') is said so (onMissingReference), never
 * answered with hits for the book's name. Returns the box's and each option's props.
 */
export function useSearchCombobox({
  translation,
  onOpenReference,
  onMissingReference,
}: SearchActions) {
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
  const search = useBibleSearch({ query, limit: suggestionCount, offset: 0, translation });

  const hasQuery = value.trim() !== '' && query !== '';
  const response = hasQuery ? search.data : undefined;
  const options = optionsFor(response, listId);
  const isPopupShown = isOpen && hasQuery;
  const isListShown = isPopupShown && options.length > 0;
  const activeOption = isListShown ? options[activeIndex] : undefined;
  const status = searchStatus({
    query: hasQuery ? query : '',
    response,
    isError: search.isError,
    isFetching: search.isFetching,
  });

  function close() {
    setIsOpen(false);
    setActiveIndex(-1);
  }

  function choose(option: SearchOption) {
    close();
    if (option.type === 'goto') onOpenReference(option.reference);
    else if (option.type === 'result') onOpenReference(option.result.reference);
    else if (option.type === 'word') setPanelQuery(option.isOffer ? option.word.number : query);
    else setPanelQuery(query);
  }

  async function submit() {
    const text = value.trim();
    if (text === '') return;
    setQuery(text);
    close();
    try {
      const result = await queryClient.fetchQuery(
        searchQueryOptions({ query: text, limit: suggestionCount, offset: 0, translation }),
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

  return {
    inputProps: {
      id: inputId,
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-expanded': isListShown,
      'aria-controls': isListShown ? listId : undefined,
      'aria-activedescendant': activeOption?.id,
      'aria-describedby': statusId,
      value,
      onChange: (event: { target: { value: string } }) => {
        setValue(event.target.value);
        setIsOpen(true);
        setActiveIndex(-1);
      },
      onFocus: () => setIsOpen(true),
      onBlur: close,
      onKeyDown,
    } as const,
    optionProps: (option: SearchOption, index: number) => ({
      id: option.id,
      role: 'option',
      'aria-selected': index === activeIndex,
      // Keep focus in the box; the click still chooses the option.
      onMouseDown: (event: { preventDefault: () => void }) => event.preventDefault(),
      onClick: () => choose(option),
      onMouseMove: () => setActiveIndex(index),
    }),
    inputId,
    listId,
    statusId,
    options,
    activeIndex,
    status,
    isPopupShown,
    isListShown,
    isSearching: hasQuery && search.isFetching,
    isPlaceholderData: search.isPlaceholderData,
    panelQuery,
    closePanel: () => setPanelQuery(null),
    /** Shows every result for another query: a Strong's number the panel offers. */
    openPanel: (text: string) => setPanelQuery(text),
  };
}
