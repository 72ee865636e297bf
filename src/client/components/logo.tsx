import { Leaf } from 'lucide-react';
import { cn } from '#client/lib/cn.ts';

const sizes = {
  sm: { text: 'text-lg', icon: 'size-4', badge: 'size-7' },
  md: { text: 'text-xl', icon: 'size-5', badge: 'size-9' },
  lg: { text: 'text-3xl', icon: 'size-7', badge: 'size-12' },
} as const;

/** The product text with a leaf, in three sizes (product §2 layout). */
export function Logo({
  size = 'md',
  className,
}: {
  size?: keyof typeof sizes;
  className?: string;
}) {
  const s = sizes[size];
  return (
    <span className={cn('inline-flex items-center gap-2 font-serif font-semibold', className)}>
      <span
        className={cn(
          'inline-flex items-center justify-center rounded-xl bg-primary text-primary-foreground',
          s.badge,
        )}
        aria-hidden="true"
      >
        <Leaf className={s.icon} />
      </span>
      <span className={cn(s.text, 'tracking-tight')}>Grounded</span>
    </span>
  );
}
