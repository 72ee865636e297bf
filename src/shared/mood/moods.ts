/**
 * The moods of product §3/§9 (the twelve, plus 'content' from the built-in catalogue). The order
 * is also the documented tie-break when two moods score the same: earlier wins.
 */
export const moods = [
  'anxious',
  'sad',
  'grateful',
  'angry',
  'peaceful',
  'hopeful',
  'fearful',
  'joyful',
  'lonely',
  'overwhelmed',
  'confused',
  'doubtful',
  'content',
] as const;

export type Mood = (typeof moods)[number];

/** product §9: the mood used when nothing matched, and the default mood printed on images. */
export const fallbackMood: Mood = 'anxious';
export const defaultImageMood = 'blessed';

export function isMood(value: unknown): value is Mood {
  return typeof value === 'string' && (moods as readonly string[]).includes(value);
}
