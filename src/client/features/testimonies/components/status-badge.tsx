import { CircleCheck, CircleX, Clock } from 'lucide-react';
import { cn } from '#client/lib/cn.ts';
import type { TestimonyStatus } from '#shared/schemas/testimonies.ts';

const badges: Record<TestimonyStatus, { label: string; icon: typeof Clock; className: string }> = {
  pending: {
    label: 'Pending review',
    icon: Clock,
    className: 'border-gold/50 bg-accent text-accent-foreground',
  },
  approved: {
    label: 'Approved',
    icon: CircleCheck,
    className: 'border-primary/40 bg-secondary text-secondary-foreground',
  },
  declined: {
    label: 'Declined',
    icon: CircleX,
    className: 'border-border bg-muted text-muted-foreground',
  },
};

/** The review status of the author's own testimony. */
export function StatusBadge({ status }: { status: TestimonyStatus }) {
  const { label, icon: Icon, className } = badges[status];
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs font-medium',
        className,
      )}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {label}
    </span>
  );
}
