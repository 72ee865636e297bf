// Decision 013: a person's first taps and keystrokes on a page that was drawn before the app
// started (prerendered by the build or drawn by the server) are honoured once it has started.
//
// Before the app runs, the page's inline loader (scripts/prerender-plugin.ts, earlyInputCapture)
// holds back taps on buttons and form submissions inside #root and writes down which control
// they were for (its place among the page's controls: the app hydrates the very same markup).
// Typed text and choices in selects need no capture: they stay in the fields. Once the app has
// hydrated, this module gives React what happened, in order: first the fields' contents (React
// reads a field's value as its starting point when it hydrates, so a field typed into or a select
// chosen in earlier would otherwise show it on screen while the app's state stays as drawn), then
// the held-back taps.

import { earlyControlSelector, type EarlyAction } from '#shared/early-input.ts';

declare global {
  interface Window {
    /** Taps held back by the inline loader, in order (window.__groundedEarlyInput). */
    __groundedEarlyInput?: EarlyAction[];
    /** Set once React listens on #root: from then on React itself replays what it must. */
    __groundedAppListens?: boolean;
  }
}

const textFieldTypes = new Set([
  'text',
  'search',
  'email',
  'password',
  'tel',
  'url',
  'number',
  'date',
  'time',
]);

/**
 * Tells React a field's value as the person left it: the value is set back to what was drawn
 * through the element's own setter (React watches it), then to the person's words through the
 * prototype's (React does not), and an input event follows, so React sees a change and calls
 * the field's onChange with those words, as if they had been typed now.
 */
function announceValue(field: HTMLInputElement | HTMLTextAreaElement): void {
  const typed = field.value;
  const prototype =
    field instanceof HTMLTextAreaElement
      ? HTMLTextAreaElement.prototype
      : HTMLInputElement.prototype;
  const setValue = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (!setValue) return;
  field.value = field.defaultValue;
  setValue.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** A box ticked or a choice made before the app started: undone, then made again by click. */
function announceChecked(field: HTMLInputElement): void {
  const setChecked = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'checked')?.set;
  if (!setChecked) return;
  setChecked.call(field, field.defaultChecked);
  field.click();
}

/**
 * A choice made in a select before the app started: React hears a select's change event as it
 * comes (no value tracker), and calls its onChange with the option chosen.
 */
function announceSelected(field: HTMLSelectElement): void {
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Hands React the fields' contents and replays the held-back taps; once, after hydration. */
export function replayEarlyInput(root: HTMLElement): void {
  const fields = [...root.querySelectorAll<Field>('input, textarea, select')].filter(
    (field) =>
      !field.disabled &&
      (field instanceof HTMLSelectElement || !field.readOnly) &&
      hasChanged(field),
  );
  const actions = window.__groundedEarlyInput ?? [];
  window.__groundedEarlyInput = [];
  const targets = actions.map((action) =>
    action.kind === 'click'
      ? root.querySelectorAll<HTMLElement>(earlyControlSelector)[action.index]
      : root.querySelectorAll('form')[action.index],
  );
  void replayWhenHydrated(fields, actions, targets);
}

function isCheckable(field: Field): field is HTMLInputElement {
  return field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
}

/** Whether the person changed the field since the page was drawn. */
function hasChanged(field: Field): boolean {
  if (field instanceof HTMLSelectElement) {
    const options = [...field.options];
    if (field.multiple) return options.some((option) => option.selected !== option.defaultSelected);
    // A select drawn with no option marked shows its first.
    return (
      field.selectedIndex !==
      Math.max(
        options.findLastIndex((option) => option.defaultSelected),
        0,
      )
    );
  }
  if (isCheckable(field)) return field.checked !== field.defaultChecked;
  const isText = !(field instanceof HTMLInputElement) || textFieldTypes.has(field.type);
  return isText && field.value !== field.defaultValue;
}

/**
 * Whether React has adopted this element: parts of a page that hydrate on their own
 * (components/hydrates-apart.tsx) come to life after the rest, and a tap replayed on them
 * before then would reach no handler.
 */
function isHydrated(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactProps$'));
}

/** Waits (at most about 5 s) until React has adopted the element. */
async function hydrated(element: Element): Promise<void> {
  for (let frame = 0; frame < 300 && !isHydrated(element); frame += 1) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
}

async function replayWhenHydrated(
  fields: Field[],
  actions: EarlyAction[],
  targets: (HTMLElement | HTMLFormElement | undefined)[],
): Promise<void> {
  // What React has already adopted is handed over at once, before anything renders again (a
  // controlled field drawn again from the app's empty state would lose the words).
  const announce = (field: Field) => {
    if (field instanceof HTMLSelectElement) announceSelected(field);
    else if (isCheckable(field)) announceChecked(field);
    else announceValue(field);
  };
  const later = fields.filter((field) => !isHydrated(field));
  for (const field of fields) if (isHydrated(field)) announce(field);
  for (const field of later) {
    await hydrated(field);
    announce(field);
  }
  for (const [index, action] of actions.entries()) {
    const target = targets[index];
    if (!target) continue;
    if (!isHydrated(target)) await hydrated(target);
    if (action.kind === 'click') target.click();
    else if (target instanceof HTMLFormElement) target.requestSubmit();
  }
}
