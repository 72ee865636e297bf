// Habits (decision 016): the limits and fixed choices screens show and the server enforces, with
// no zod (decision 014). Plans: shared/plans/; schemas: shared/schemas/plans.ts, habits.ts.

/** Plans followed at once (active or paused); finished ones do not count. */
export const maxFollowedPlans = 10;
/** Plans made from a feeling kept per person (the oldest unfollowed go first beyond it). */
export const maxCustomPlans = 50;
/** The longest plan the library has (the Bible in two years), and so any schedule's length. */
export const maxPlanDays = 730;
/** Plan days one request may ask for (GET …/days?from=&count=). */
export const maxPlanDaysPerPage = 62;
/**
 * How many days a plan's page shows at first, and adds with each 'Show more days': the server
 * draws a visitor's plan page with the first of them (decision 011).
 */
export const planDaysPageSize = 7;
/** A mood plan's length. */
export const moodPlanDays = 7;

/** What makes a day count for a streak. */
export const streakKinds = ['read', 'plan', 'review', 'journal', 'pray'] as const;
export type StreakKind = (typeof streakKinds)[number];
/** The streak calendar covers the last 12 months. */
export const streakCalendarDays = 366;

/** Verses one person may be learning at once. */
export const maxMemoryCards = 1000;
/** Cards one review session loads. */
export const reviewBatchSize = 50;

/**
 * The practice modes, easiest first: read and repeat, first letters only, blanks, type it all.
 * A card's mode rises as it is learned (shared/habits/practice-mode.ts).
 */
export const practiceModes = ['read', 'first-letters', 'blanks', 'type'] as const;
export type PracticeMode = (typeof practiceModes)[number];

/** FSRS grades (ts-fsrs Rating): 1 Again, 2 Hard, 3 Good, 4 Easy. */
export const reviewRatings = [1, 2, 3, 4] as const;
export type ReviewRating = (typeof reviewRatings)[number];

export const habitMessages = {
  tooManyPlans: `You can follow up to ${maxFollowedPlans} plans at once. Finish or leave one first.`,
  unknownPlan: 'That plan was not found.',
  tooManyCards: `You can learn up to ${maxMemoryCards} verses at once. Remove some first.`,
  unknownVerse: 'That verse was not found.',
} as const;
