import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

type SettingsCardProps = {
  /** Used for the section's anchor (#id) and its heading id. */
  id: string;
  title: string;
  description: string;
  icon: LucideIcon;
  children: ReactNode;
};

/** One settings section: a card with an h2, so each section is also a named region. */
export function SettingsCard({ id, title, description, icon: Icon, children }: SettingsCardProps) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-4 rounded-2xl border border-border bg-card p-6 text-card-foreground shadow-xs sm:p-8"
    >
      <div className="flex items-start gap-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="font-serif text-xl font-semibold tracking-tight">
            {title}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{description}</p>
        </div>
      </div>
      <div className="mt-6">{children}</div>
    </section>
  );
}
