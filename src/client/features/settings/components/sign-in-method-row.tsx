import { CircleCheck, Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '#client/lib/cn.ts';

/** Whether a way in, or the e-mail, is in place ('Confirmed') or still waiting. */
export function StateBadge({ isOn, children }: { isOn: boolean; children: ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
        isOn ? 'bg-secondary text-secondary-foreground' : 'bg-muted text-muted-foreground',
      )}
    >
      {isOn ? (
        <CircleCheck aria-hidden="true" className="size-3.5" />
      ) : (
        <Clock aria-hidden="true" className="size-3.5" />
      )}
      {children}
    </span>
  );
}

/** One way in: its icon, name, state and what it means, with an action on the right. */
export function MethodRow({
  icon,
  name,
  state,
  description,
  action,
}: {
  icon: ReactNode;
  name: string;
  state: ReactNode;
  description: ReactNode;
  action?: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-4 py-5 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
      <div className="flex min-w-0 items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg border border-border bg-background">
          {icon}
        </span>
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h3 className="font-medium">{name}</h3>
            {state}
          </div>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
      </div>
      {action ? (
        <div className="shrink-0 pl-12 sm:max-w-48 sm:pl-0 sm:text-right">{action}</div>
      ) : null}
    </li>
  );
}
