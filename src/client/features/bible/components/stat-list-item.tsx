import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PopoverClose } from '#client/components/ui/popover.tsx';

/**
 * A row of a stat's list: the chapter or book (closing the popover), and an optional action.
 * `as="div"` inside a paged list, which draws the list items itself.
 */
export function ListItem({
  to,
  title,
  detail,
  action,
  as: Row = 'li',
}: {
  to: string;
  title: string;
  detail: string;
  action?: ReactNode;
  as?: 'li' | 'div';
}) {
  return (
    <Row className="flex items-center gap-1 px-2">
      <PopoverClose asChild>
        <Link
          to={to}
          className="flex min-w-0 flex-1 flex-col rounded-lg px-2 py-2 transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
        >
          <span className="truncate text-sm font-medium">{title}</span>
          <span className="truncate text-xs text-muted-foreground">{detail}</span>
        </Link>
      </PopoverClose>
      {action}
    </Row>
  );
}

/** A row's remove action, named for what it removes. */
export function RemoveButton({
  label,
  onClick,
  disabled,
}: {
  label: string;
  onClick: () => void;
  disabled: boolean;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex size-9 shrink-0 cursor-pointer items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-destructive/10 hover:text-destructive focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50"
    >
      <Trash2 className="size-4" aria-hidden="true" />
    </button>
  );
}
