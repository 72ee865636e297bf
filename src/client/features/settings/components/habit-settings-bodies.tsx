// The insides of Settings' issue 26 cards, one chunk fetched as Settings opens.
export { ReadingReminderBody } from './reading-reminder-body.tsx';
export { StreakRestDayBody } from './streak-rest-day-body.tsx';
