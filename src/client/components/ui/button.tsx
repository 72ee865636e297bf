import { cva, type VariantProps } from 'class-variance-authority';
import {
  cloneElement,
  isValidElement,
  type ComponentProps,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import { cn } from '#client/lib/cn.ts';
import { Spinner } from './spinner.tsx';

export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-full font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0 cursor-pointer',
  {
    variants: {
      variant: {
        primary: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary/90',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80',
        outline: 'border border-border bg-card text-foreground hover:bg-muted',
        ghost: 'text-foreground hover:bg-muted',
        link: 'text-primary underline-offset-4 hover:underline rounded-none',
      },
      size: {
        sm: 'h-9 px-4 text-sm',
        md: 'h-10 px-5 text-sm',
        lg: 'h-12 px-7 text-base',
        icon: 'size-10',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Render the child element (a Link, say) with the button's look instead of a <button>. */
    asChild?: boolean;
    /** The icon before the text; a spinner takes its place while busy. */
    icon?: ReactNode;
    /**
     * A request started by this button is running: the button is disabled, says so to screen
     * readers (aria-busy), shows a spinner and, when given, busyLabel instead of its text.
     */
    isBusy?: boolean;
    busyLabel?: ReactNode;
  };

type ChildProps = Record<string, unknown> & {
  className?: string;
  style?: object;
  ref?: Ref<unknown>;
};

const isHandler = (name: string) => /^on[A-Z]/.test(name);

/** Both refs set, as Radix's Slot composes them. */
function bothRefs(first: Ref<unknown>, second: Ref<unknown>): Ref<unknown> {
  return (node: unknown) => {
    for (const ref of [first, second]) {
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    }
  };
}

/**
 * The one child element (a Link, say) with the button's look: the props merged as Radix's Slot
 * merges them (a handler of both runs the child's first; the child's other props win; class
 * names and styles join; both refs are set). Slot does this for any component, at about 1 KB
 * gzip on every page's first load (the header's Sign In link is a Button); a button's child is
 * one element, and React's cloneElement is enough.
 */
function withButtonLook(child: ReactElement<ChildProps>, given: ChildProps): ReactElement {
  const own = child.props;
  const merged: ChildProps = {};
  for (const [name, value] of Object.entries(given)) {
    const mine = own[name];
    if (mine === undefined) merged[name] = value;
    else if (isHandler(name) && typeof mine === 'function' && typeof value === 'function') {
      merged[name] = (...args: unknown[]) => {
        const result: unknown = mine(...args);
        value(...args);
        return result;
      };
    }
  }
  merged.className = cn(given.className, own.className);
  if (given.style && own.style) merged.style = { ...given.style, ...own.style };
  if (given.ref && own.ref) merged.ref = bothRefs(given.ref, own.ref);
  return cloneElement(child, merged);
}

export function Button({
  className,
  variant,
  size,
  asChild = false,
  icon,
  isBusy = false,
  busyLabel,
  disabled,
  children,
  ...props
}: ButtonProps) {
  const classes = cn(buttonVariants({ variant, size }), className);
  if (asChild && isValidElement<ChildProps>(children)) {
    return withButtonLook(children, { ...props, className: classes });
  }
  return (
    <button
      className={classes}
      disabled={disabled === true || isBusy}
      aria-busy={isBusy || undefined}
      {...props}
    >
      {isBusy ? <Spinner className="size-4 text-current" /> : icon}
      {isBusy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}
