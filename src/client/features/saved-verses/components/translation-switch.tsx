import { cn } from '#client/lib/cn.ts';
import { translations } from '#shared/bible/translation-list.ts';
import type { TranslationId } from '#shared/bible/translations.ts';

type TranslationSwitchProps = {
  /** Names the group, e.g. 'Read John 3:16 in'. */
  label: string;
  value: TranslationId;
  onChange: (id: TranslationId) => void;
  isBusy: boolean;
};

/**
 * KJV, WEB, ASV as small toggle buttons (aria-pressed), one pressed: each its own Tab stop, as
 * the app's other toggles. The full name is the button's tooltip.
 */
export function TranslationSwitch({ label, value, onChange, isBusy }: TranslationSwitchProps) {
  return (
    <div
      role="group"
      aria-label={label}
      aria-busy={isBusy}
      className="inline-flex shrink-0 rounded-full border border-border bg-muted p-0.5"
    >
      {translations.map(({ id, abbreviation, name }) => {
        const isOn = value === id;
        return (
          <button
            key={id}
            type="button"
            aria-pressed={isOn}
            title={name}
            onClick={() => {
              if (!isOn) onChange(id);
            }}
            className={cn(
              'flex h-8 min-w-11 cursor-pointer items-center justify-center rounded-full px-2.5 text-xs font-semibold tracking-wide transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              isOn
                ? 'bg-card text-primary shadow-xs'
                : 'text-muted-foreground hover:bg-card/60 hover:text-foreground',
            )}
          >
            {abbreviation}
          </button>
        );
      })}
    </div>
  );
}
