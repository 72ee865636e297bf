import { Link } from 'react-router';
import { cn } from '#client/lib/cn.ts';

/** To /auth with the 'Forgot password?' form already open. */
export function RequestNewLink({ className }: { className?: string }) {
  return (
    <Link
      to="/auth"
      state={{ forgot: true }}
      className={cn(
        'inline-block font-medium text-primary underline underline-offset-4 hover:text-primary/80',
        className,
      )}
    >
      Request a new reset link
    </Link>
  );
}
