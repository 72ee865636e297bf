import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

export function BackLink({ to = '/', label = 'Back to Home' }: { to?: string; label?: string }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground transition-colors hover:text-primary"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {label}
    </Link>
  );
}
