// The insides of Settings' habit cards (decision 016), one chunk fetched as Settings opens.
export { ReadingReminderBody } from './reading-reminder-body.tsx';
export { StreakRestDayBody } from './streak-rest-day-body.tsx';
