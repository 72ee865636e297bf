import { feelingLimits } from '#shared/rules/verses.ts';

/** product §5/§9: the mood text holds at most 300 characters. */
const moodTextLimit = feelingLimits.text;

/** Below this many characters left, the counter is also read out to screen readers. */
const nearLimitRemaining = 20;

/** The visible counter, 'n/300 characters'. */
export function characterCounter(text: string): string {
  return `${text.length}/${moodTextLimit} characters`;
}

/** Keeps typed or pasted text within the limit (maxLength does this too, scripts may not). */
export function clampMoodText(text: string): string {
  return text.slice(0, moodTextLimit);
}

/** product §5: 'Find My Verse' needs some text once the spaces around it are trimmed. */
export function canSubmitMoodText(text: string): boolean {
  const words = text.trim();
  return words.length > 0 && words.length <= moodTextLimit;
}

export function isNearLimit(text: string): boolean {
  return moodTextLimit - text.length <= nearLimitRemaining;
}

/** What the polite live region says: nothing until the limit is near, then what is left. */
export function limitAnnouncement(text: string): string {
  const remaining = moodTextLimit - text.length;
  if (remaining > nearLimitRemaining) return '';
  if (remaining <= 0) return `Character limit reached: ${moodTextLimit} characters.`;
  return `${remaining} ${remaining === 1 ? 'character' : 'characters'} left.`;
}
