/**
 * True when a key press belongs to the element that has focus (typing in a field, choosing in a
 * list, a dialog), so the reader's ← / → chapter shortcuts stay out of its way.
 */
export function isKeyboardOwnedTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  return (
    target.closest(
      'input, textarea, select, [role="combobox"], [role="listbox"], [role="menu"], [role="slider"], [role="dialog"], [role="alertdialog"], [data-radix-popper-content-wrapper]',
    ) !== null
  );
}
