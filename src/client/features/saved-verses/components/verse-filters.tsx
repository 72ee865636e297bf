import { useId, type Ref } from 'react';
import { SearchBox } from '#client/components/search-box.tsx';
import {
  themeChips,
  type ThemeChip,
} from '#client/features/saved-verses/lib/filter-saved-verses.ts';
import { cn } from '#client/lib/cn.ts';

type VerseFiltersProps = {
  search: string;
  onSearchChange: (value: string) => void;
  theme: ThemeChip;
  onThemeChange: (theme: ThemeChip) => void;
  searchRef?: Ref<HTMLInputElement>;
};

/** product §2 and §5: a search box over words, reference and feeling, and the theme chips. */
export function VerseFilters({
  search,
  onSearchChange,
  theme,
  onThemeChange,
  searchRef,
}: VerseFiltersProps) {
  const chipsLabelId = useId();
  return (
    <div className="space-y-4">
      <SearchBox
        ref={searchRef}
        label="Search saved verses"
        placeholder="Search saved verses..."
        value={search}
        onChange={onSearchChange}
      />
      <div role="group" aria-labelledby={chipsLabelId} className="flex flex-wrap gap-2">
        <span id={chipsLabelId} className="sr-only">
          Filter by theme
        </span>
        {themeChips.map((chip) => {
          const isSelected = chip === theme;
          return (
            <button
              key={chip}
              type="button"
              aria-pressed={isSelected}
              onClick={() => onThemeChange(chip)}
              className={cn(
                'inline-flex h-9 cursor-pointer items-center rounded-full border px-4 text-sm font-medium transition-colors',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                isSelected
                  ? 'border-primary bg-primary text-primary-foreground shadow-sm'
                  : 'border-border bg-card text-foreground hover:bg-muted',
              )}
            >
              {chip}
            </button>
          );
        })}
      </div>
    </div>
  );
}
