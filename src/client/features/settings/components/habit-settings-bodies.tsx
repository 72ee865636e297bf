// The insides of Settings' habit cards (decision 016) and groups' (decision 028), one chunk
// fetched as Settings opens.
export { ReadingReminderBody } from './reading-reminder-body.tsx';
export { StreakRestDayBody } from './streak-rest-day-body.tsx';
export { GroupSettingsBody } from './group-settings-body.tsx';
