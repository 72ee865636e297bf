import { ChevronDown, ChevronUp } from 'lucide-react';
import { useId, useState, type CSSProperties } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';
import type { GuidedPrayer } from '#shared/content/prayers.ts';

type PrayerCardProps = {
  prayer: GuidedPrayer;
  className?: string;
  style?: CSSProperties;
};

/** A guided prayer: title, category and description; 'Pray' opens the words, 'Hide' closes. */
export function PrayerCard({ prayer, className, style }: PrayerCardProps) {
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <article
      aria-labelledby={`${id}-title`}
      className={cn(
        'flex flex-col rounded-3xl border border-border bg-card p-6 text-card-foreground shadow-xs',
        className,
      )}
      style={style}
    >
      <p className="w-fit rounded-full bg-secondary px-3 py-1 text-xs font-semibold text-secondary-foreground">
        {prayer.category}
      </p>
      <h3 id={`${id}-title`} className="mt-3 font-serif text-xl font-semibold tracking-tight">
        {prayer.title}
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">{prayer.description}</p>
      <div
        id={`${id}-prayer`}
        hidden={!isOpen}
        className="mt-4 border-l-2 border-gold pl-4 font-serif text-base leading-relaxed sm:text-lg"
      >
        <p>{prayer.prayer}</p>
      </div>
      <div className="pt-5">
        <Button
          variant={isOpen ? 'outline' : 'secondary'}
          size="sm"
          aria-expanded={isOpen}
          aria-controls={`${id}-prayer`}
          aria-describedby={`${id}-title`}
          onClick={() => setIsOpen((open) => !open)}
        >
          {isOpen ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
          {isOpen ? 'Hide' : 'Pray'}
        </Button>
      </div>
    </article>
  );
}
