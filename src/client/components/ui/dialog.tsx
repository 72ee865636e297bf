import type { ComponentProps } from 'react';
import { loadOnce } from '#client/lib/load-once.ts';
import { overlayParts } from './lazy-overlay.tsx';

// A dialog whose open state and trigger live here, and whose inside (Radix's dialog,
// dialog-content.tsx) is fetched when the browser is idle after the dialog's screen appears, or
// at the first opening: no screen carries it in its first load (decision 014; lazy-overlay.tsx).
// The parts used inside a dialog (DialogTitle, DialogDescription, DialogClose) are drawn only
// once it has come.

type ContentModule = typeof import('./dialog-content.tsx');

const contentCode = loadOnce(() => import('./dialog-content.tsx'));
const parts = overlayParts('Dialog', contentCode);

/** The loaded module, for the parts drawn inside an open dialog (which waits for it). */
function contentModule(): ContentModule {
  const loaded = contentCode.loaded();
  if (!loaded) throw new Error('A dialog part was drawn outside an open DialogContent.');
  return loaded;
}

export const Dialog = parts.Root;

/** The button that opens the dialog, announced as such (as Radix's own trigger is). */
export const DialogTrigger = parts.Trigger;

type ContentProps = ComponentProps<ContentModule['DialogContent']>;

/**
 * A centred modal with an overlay and a close (X) button. Radix traps focus inside and closes
 * on Escape; on closing, focus goes back to whatever had it when the dialog opened. If its code
 * cannot be fetched, the dialog says so in a toast and closes.
 */
export function DialogContent(props: ContentProps) {
  const { state, module } = parts.useContent('DialogContent');
  if (!module) return null;
  return (
    <module.DialogRoot open onOpenChange={state.setOpen}>
      <module.DialogContent id={state.contentId} {...props} />
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
