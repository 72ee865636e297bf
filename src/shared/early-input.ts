// Decision 013: what the page's inline loader writes down about taps made before the app has
// started (scripts/prerender-plugin.ts) and the app replays once it has (client/app/early-input.ts).

/** A held-back tap on a control, or a form submitted, by its place among its kind in #root. */
export type EarlyAction = { kind: 'click' | 'submit'; index: number };

/** The controls whose taps are held back, counted in document order on both sides. */
export const earlyControlSelector = 'button, [role="button"], input[type="submit"]';
