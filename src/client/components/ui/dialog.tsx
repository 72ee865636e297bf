import { Slot } from 'radix-ui';
import {
  createContext,
  use,
  useEffect,
  useId,
  useState,
  type ComponentProps,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { loadOnce } from '../../lib/load-once.ts';
import { notify } from '../../lib/notify.ts';
import { useIdlePreload } from '../../lib/use-idle-preload.ts';

// A dialog whose open state lives here, and whose inside (Radix's dialog, dialog-content.tsx)
// is fetched when the browser is idle after the dialog's screen appears, or at the first
// opening: no screen carries it in its first load (issue 24 item 4). The parts used inside a
// dialog (DialogTitle, DialogDescription, DialogClose) are drawn only once it has come.

type ContentModule = typeof import('./dialog-content.tsx');

const contentCode = loadOnce(() => import('./dialog-content.tsx'));

function preloadContent(): void {
  contentCode.load().catch(() => undefined);
}

/** The loaded module, for the parts drawn inside an open dialog (which waits for it). */
function contentModule(): ContentModule {
  const loaded = contentCode.loaded();
  if (!loaded) throw new Error('A dialog part was drawn outside an open DialogContent.');
  return loaded;
}

type DialogStateValue = {
  isOpen: boolean;
  setOpen: (open: boolean) => void;
  contentId: string;
};

const DialogState = createContext<DialogStateValue | null>(null);

function useDialogState(part: string): DialogStateValue {
  const state = use(DialogState);
  if (!state) throw new Error(`${part} must be inside a <Dialog>.`);
  return state;
}

type DialogProps = {
  /** Open state kept by the caller; left out, the dialog keeps its own (with a DialogTrigger). */
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  children: ReactNode;
};

export function Dialog({ open, defaultOpen = false, onOpenChange, children }: DialogProps) {
  const [ownOpen, setOwnOpen] = useState(defaultOpen);
  const contentId = useId();
  useIdlePreload(preloadContent);
  const isOpen = open ?? ownOpen;
  function setOpen(next: boolean) {
    setOwnOpen(next);
    onOpenChange?.(next);
  }
  return <DialogState value={{ isOpen, setOpen, contentId }}>{children}</DialogState>;
}

/** The button that opens the dialog, announced as such (as Radix's own trigger is). */
export function DialogTrigger({
  asChild = false,
  onClick,
  ...props
}: ComponentProps<'button'> & { asChild?: boolean }) {
  const { isOpen, setOpen, contentId } = useDialogState('DialogTrigger');
  const Component = asChild ? Slot.Root : 'button';
  return (
    <Component
      type="button"
      aria-haspopup="dialog"
      aria-expanded={isOpen}
      aria-controls={isOpen ? contentId : undefined}
      data-state={isOpen ? 'open' : 'closed'}
      {...props}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) setOpen(true);
      }}
    />
  );
}

type ContentProps = ComponentProps<ContentModule['DialogContent']>;

/**
 * A centred modal with an overlay and a close (X) button. Radix traps focus inside and closes
 * on Escape; on closing, focus goes back to whatever had it when the dialog opened. If its code
 * cannot be fetched, the dialog says so in a toast and closes.
 */
export function DialogContent(props: ContentProps) {
  const { isOpen, setOpen, contentId } = useDialogState('DialogContent');
  const [module, setModule] = useState(contentCode.loaded);
  useEffect(() => {
    if (!isOpen || module) return;
    let isCurrent = true;
    contentCode.load().then(
      (loaded) => {
        if (isCurrent) setModule(loaded);
      },
      () => {
        if (!isCurrent) return;
        notify.error('Could not open this', 'Please check your connection and try again.');
        setOpen(false);
      },
    );
    return () => {
      isCurrent = false;
    };
    // setOpen is new on every render; the opening is what asks for the code.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isOpen, module]);
  if (!isOpen || !module) return null;
  return (
    <module.DialogRoot open onOpenChange={setOpen}>
      <module.DialogContent id={contentId} {...props} />
    </module.DialogRoot>
  );
}

export function DialogTitle(props: ComponentProps<ContentModule['DialogTitle']>) {
  const { DialogTitle: Title } = contentModule();
  return <Title {...props} />;
}

export function DialogDescription(props: ComponentProps<ContentModule['DialogDescription']>) {
  const { DialogDescription: Description } = contentModule();
  return <Description {...props} />;
}

export function DialogClose(props: ComponentProps<ContentModule['DialogClose']>) {
  const { DialogClose: Close } = contentModule();
  return <Close {...props} />;
}
