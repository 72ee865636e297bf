/**
 * A chapter's paragraphs are drawn only near the screen (content-visibility: auto), at an
 * estimated height until then. When the keyboard moves focus far down the chapter (from the
 * verses to 'Previous chapter' at its end), the browser scrolls to the control, the paragraphs
 * on the way take their real height, and the control ends up below the screen. So a control
 * focused from the keyboard is brought into view again until it stays there (checked for ten frames).
 */
export function keepFocusedInView(element: Element, framesLeft = 10): void {
  requestAnimationFrame(() => {
    if (document.activeElement !== element || !element.matches(':focus-visible')) return;
    const box = element.getBoundingClientRect();
    // In view at first, it may still be pushed out when the paragraphs take their height.
    if (box.top < 0 || box.bottom > window.innerHeight)
      element.scrollIntoView({ block: 'nearest' });
    if (framesLeft > 1) keepFocusedInView(element, framesLeft - 1);
  });
}
