import { BookOpenText, Columns2 } from 'lucide-react';
import { useId } from 'react';
import { parseTranslation } from '#client/lib/translation-device.ts';
import { translationInfo } from '#client/lib/translation-names.ts';
import { translations } from '#shared/bible/translation-list.ts';
import { translationIds, type TranslationId } from '#shared/bible/translations.ts';

type TranslationPickerProps = {
  translation: TranslationId;
  parallel: TranslationId | null;
  onChoose: (translation: TranslationId) => void;
  onChooseParallel: (translation: TranslationId | null) => void;
};

const selectClass =
  'h-9 min-w-0 flex-1 truncate rounded-full border border-border bg-card pr-8 pl-3 font-sans text-sm font-medium text-foreground sm:flex-none ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/**
 * Which translation the chapter is read in, and which (if any) beside it. Native
 * selects: one tap on a phone opens the system's own list, and they work before the app has
 * started.
 */
export function TranslationPicker({
  translation,
  parallel,
  onChoose,
  onChooseParallel,
}: TranslationPickerProps) {
  const translationId = useId();
  const parallelId = useId();
  return (
    // A row each on a phone, the selects lined up; side by side from the small breakpoint on.
    <div className="grid gap-2 sm:flex sm:flex-wrap sm:items-center sm:gap-x-5">
      <div className="flex min-w-0 items-center gap-2">
        <BookOpenText className="size-4 text-muted-foreground" aria-hidden="true" />
        <label
          htmlFor={translationId}
          className="w-24 shrink-0 text-sm font-medium whitespace-nowrap text-muted-foreground sm:w-auto"
        >
          Translation
        </label>
        <select
          id={translationId}
          className={selectClass}
          value={translation}
          onChange={(event) => {
            const chosen = parseTranslation(event.target.value);
            if (chosen) onChoose(chosen);
          }}
        >
          {translations.map((option) => (
            <option key={option.id} value={option.id}>
              {`${option.abbreviation} · ${option.name}`}
            </option>
          ))}
        </select>
      </div>
      <div className="flex min-w-0 items-center gap-2">
        <Columns2 className="size-4 text-muted-foreground" aria-hidden="true" />
        <label
          htmlFor={parallelId}
          className="w-24 shrink-0 text-sm font-medium whitespace-nowrap text-muted-foreground sm:w-auto"
        >
          Compare with
        </label>
        <select
          id={parallelId}
          className={selectClass}
          value={parallel ?? ''}
          onChange={(event) => onChooseParallel(parseTranslation(event.target.value))}
        >
          <option value="">None</option>
          {translationIds
            .filter((id) => id !== translation)
            .map((id) => {
              const option = translationInfo(id);
              return (
                <option key={id} value={id}>
                  {`${option.abbreviation} · ${option.name}`}
                </option>
              );
            })}
        </select>
      </div>
    </div>
  );
}
