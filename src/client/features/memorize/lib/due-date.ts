// When a verse is next reviewed, in words: 'now', 'in 10 minutes', 'tomorrow', 'in 3 days'.
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** `due` (an ISO time) as seen from `now`: 'now' once it has come. */
export function relativeDue(due: string, now: Date): string {
  const ms = new Date(due).getTime() - now.getTime();
  if (!(ms > 0)) return 'now';
  if (ms < hour) return relative.format(Math.max(1, Math.round(ms / minute)), 'minute');
  if (ms < day) return relative.format(Math.round(ms / hour), 'hour');
  const days = Math.round(ms / day);
  if (days < 30) return relative.format(days, 'day');
  if (days < 365) return relative.format(Math.round(days / 30), 'month');
  return relative.format(Math.round(days / 365), 'year');
}

/** The soonest of the cards' review times, or null for none. */
export function soonestDue(cards: readonly { due: string }[]): string | null {
  let soonest: string | null = null;
  for (const { due } of cards) {
    if (soonest === null || new Date(due).getTime() < new Date(soonest).getTime()) soonest = due;
  }
  return soonest;
}
