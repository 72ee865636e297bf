import { BookOpen } from 'lucide-react';
import { useId } from 'react';
import type { UpdateSettingsMessages } from '#client/api/settings.ts';
import { usePreferredTranslation } from '#client/api/translation-preference.ts';
import { cn } from '#client/lib/cn.ts';
import { translations } from '#shared/bible/translation-list.ts';
import { SettingsCard } from './settings-card.tsx';

/** This screen's toasts (product §8): the save says which translation is now used. */
const translationMessages: UpdateSettingsMessages = {
  success: (settings) => ({
    title: 'Settings Saved',
    description: `Verses will be shown in the ${
      translations.find((each) => each.id === settings.translation)?.name ?? 'translation chosen'
    }.`,
  }),
  failureDescription: 'There was an error saving your settings. Please try again.',
};

/**
 * The translation every verse is shown in (the reader, the verse of the day, the
 * feeling page, saved verses, images). Saved to the member's settings and kept on this device.
 */
export function TranslationCard() {
  const id = useId();
  const { translation, setTranslation, isSaving } = usePreferredTranslation(translationMessages);
  return (
    <SettingsCard
      id="translation"
      title="Bible translation"
      description="The translation verses are shown in across Grounded."
      icon={BookOpen}
    >
      {/* The browser's own radios, as the theme choice: one Tab stop, the arrows choose. */}
      <fieldset aria-describedby={`${id}-hint`} aria-busy={isSaving}>
        <legend className="mb-3 text-sm font-medium">Translation</legend>
        <div className="grid gap-2 sm:grid-cols-3 sm:gap-3">
          {translations.map((each) => (
            <label
              key={each.id}
              className={cn(
                'group relative flex cursor-pointer items-center gap-3 rounded-xl border border-border bg-card px-4 py-3 text-sm transition-colors hover:bg-muted sm:flex-col sm:items-start sm:gap-1',
                'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring',
                'has-checked:border-primary has-checked:bg-secondary has-checked:text-secondary-foreground',
              )}
            >
              <input
                type="radio"
                name={`${id}-translation`}
                value={each.id}
                checked={translation === each.id}
                onChange={() => setTranslation(each.id)}
                className="sr-only"
              />
              <span className="w-10 shrink-0 font-semibold tracking-wide text-primary sm:w-auto">
                {each.abbreviation}
              </span>
              <span className="font-medium">
                {each.name}
                <span className="block text-xs font-normal text-muted-foreground">{each.year}</span>
              </span>
              <span
                aria-hidden="true"
                className="absolute top-1/2 right-4 hidden size-2 -translate-y-1/2 rounded-full bg-primary group-has-checked:block sm:top-3 sm:right-3 sm:translate-y-0"
              />
            </label>
          ))}
        </div>
      </fieldset>
      <p id={`${id}-hint`} className="mt-3 text-sm text-muted-foreground">
        Each is in the public domain. A verse you saved keeps its own translation, and can be read
        in the others from Saved Verses.
      </p>
    </SettingsCard>
  );
}
