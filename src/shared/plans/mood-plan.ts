// A 7-day plan from a feeling (decision 016): each day a passage around one of the verses
// chosen for the mood (the catalogue's, then the hand-picked suggestions, in their order), the
// verse itself as the day's focus, and a question for the journal. Pure: the server hands in the
// shape of each chapter (its verse count and where its paragraphs start) from the KJV.
import { findBookIndex } from '#shared/bible/book-names.ts';
import { books } from '#shared/bible/books.ts';
import { verseCatalogue } from '#shared/mood/catalogue.ts';
import { moodSuggestions } from '#shared/mood/mood-suggestions.ts';
import type { Mood } from '#shared/mood/moods.ts';
import { moodPlanDays as dayCount } from '#shared/rules/habits.ts';
import type { PlanDay, PlanReading } from '#shared/schemas/plans.ts';

/** A chapter as the passage needs it: how many verses, and the verses that start a paragraph. */
export type ChapterShape = { verses: number; paragraphStarts: readonly number[] };
export type ChapterShapes = (bookIndex: number, chapter: number) => ChapterShape;

/** One verse (or a short run of verses) chosen for a mood. */
export type MoodVerse = {
  reference: string;
  bookIndex: number;
  chapter: number;
  first: number;
  last: number;
};

/** A chapter this short is read whole. */
const wholeChapterUpTo = 12;
/** Verses read before and after the chosen one, within its paragraph. */
const versesAround = 4;
/** A passage shorter than this, cut by its paragraph, takes verses either side of it instead. */
const shortestPassage = 5;

const referencePattern = /^(.+) (\d+):(\d+)(?:-(\d+))?$/;

function parseMoodVerse(reference: string): MoodVerse | null {
  const match = referencePattern.exec(reference);
  const bookIndex = match ? findBookIndex(match[1] ?? '') : -1;
  if (!match || bookIndex < 0) return null;
  const first = Number(match[3]);
  return {
    reference,
    bookIndex,
    chapter: Number(match[2]),
    first,
    last: match[4] === undefined ? first : Number(match[4]),
  };
}

/**
 * The verses a mood plan is made from, in a stable order (the catalogue's for the mood, then its
 * suggestions), one a chapter so that no two days read the same passage.
 */
export function moodPlanVerses(mood: Mood): MoodVerse[] {
  const references = [
    ...verseCatalogue.filter((entry) => entry.mood === mood).map((entry) => entry.reference),
    ...moodSuggestions[mood],
  ];
  const chosen: MoodVerse[] = [];
  const chapters = new Set<string>();
  for (const reference of references) {
    const verse = parseMoodVerse(reference);
    const chapter = verse ? `${verse.bookIndex}:${verse.chapter}` : '';
    if (!verse || chapters.has(chapter)) continue;
    chapters.add(chapter);
    chosen.push(verse);
    if (chosen.length === dayCount) break;
  }
  return chosen;
}

/** 'Psalm 34' for one psalm, as the plan library names it; other books by their name. */
function chapterName(bookIndex: number, chapter: number): string {
  const name = books[bookIndex]?.name ?? '';
  return `${name === 'Psalms' ? 'Psalm' : name} ${chapter}`;
}

/** 'Psalm 34:18', 'Philippians 4:6-7': the focus verse as a person reads it. */
function focusLabel(verse: MoodVerse): string {
  const verses = verse.first === verse.last ? `${verse.first}` : `${verse.first}-${verse.last}`;
  return `${chapterName(verse.bookIndex, verse.chapter)}:${verses}`;
}

/**
 * The passage around a verse, within its chapter: a short chapter whole; else the verse's
 * paragraph, cut to four verses either side of it (a paragraph too short for that gives two
 * verses either side, whatever the paragraph).
 */
export function passageAround(verse: MoodVerse, shape: ChapterShape): PlanReading {
  const name = chapterName(verse.bookIndex, verse.chapter);
  const whole = { book_index: verse.bookIndex, chapter: verse.chapter, verses: null, label: name };
  if (shape.verses <= wholeChapterUpTo) return whole;
  const paragraphStart = Math.max(
    1,
    ...shape.paragraphStarts.filter((start) => start <= verse.first),
  );
  const nextParagraph = Math.min(
    shape.verses + 1,
    ...shape.paragraphStarts.filter((start) => start > verse.last),
  );
  let first = Math.max(paragraphStart, verse.first - versesAround);
  let last = Math.min(nextParagraph - 1, verse.last + versesAround);
  if (last - first + 1 < shortestPassage) {
    first = Math.max(1, verse.first - 2);
    last = Math.min(shape.verses, verse.last + 2);
  }
  if (first === 1 && last === shape.verses) return whole;
  return { ...whole, verses: `${first}-${last}`, label: `${name}:${first}–${last}` };
}

/** Seven questions for the journal a mood, one a day; the sixth is about the day's passage. */
export const moodPlanPrompts: Record<Mood, readonly string[]> = {
  anxious: [
    'What is worrying you most today? Write it down and hand it to God.',
    'Which of your worries is yours to carry today, and which can you leave with Him?',
    'Where have you seen God take care of you before?',
    'Write a short prayer about the thing you cannot control.',
    'What would you do today if you trusted that God is near?',
    'Which words from today’s passage do you want to remember when worry comes back?',
    'Looking back on this week, where did you find peace?',
  ],
  sad: [
    'What is making your heart heavy today? Tell God about it honestly.',
    'Who or what are you missing right now?',
    'Where have you felt comforted this week, even a little?',
    'Write a prayer for what still hurts.',
    'Who could you let in on how you feel?',
    'What hope does today’s passage hold out to you?',
    'Looking back on this week, what has changed, even slightly?',
  ],
  grateful: [
    'List three gifts from today, small ones included.',
    'Who has been kind to you lately, and how could you thank them?',
    'Which answered prayer do you remember with thanks?',
    'What do you have now that you once prayed for?',
    'How could you pass on some of what you have been given?',
    'Which words from today’s passage put your thanks best?',
    'Write a short psalm of thanks for this week.',
  ],
  angry: [
    'What made you angry? Write it out plainly before God.',
    'What is underneath the anger: hurt, fear, or something unfair?',
    'What would a gentle answer look like here?',
    'Is there someone you need to forgive? Write what makes it hard.',
    'What can you leave for God to set right?',
    'Which words from today’s passage speak to how you want to respond?',
    'Looking back on this week, where did you choose peace?',
  ],
  peaceful: [
    'What is giving you peace today?',
    'Where do you sense God’s presence most clearly right now?',
    'Who around you needs some of this peace, and how could you share it?',
    'What helps you come back to this calm when life gets loud?',
    'Write a prayer of thanks for this quiet season.',
    'Which words from today’s passage would you like to keep with you?',
    'What have you learned about peace this week?',
  ],
  hopeful: [
    'What are you hoping for today?',
    'Which promise of God is your hope resting on?',
    'When has God brought something good out of a hard time for you?',
    'What small step could you take toward what you hope for?',
    'Who could you encourage with the hope you have?',
    'Which words from today’s passage strengthen your hope?',
    'Looking back on this week, how has your hope grown?',
  ],
  fearful: [
    'What are you afraid of today? Name it before God.',
    'What would you say to a friend carrying this same fear?',
    'When has God been with you in a frightening time before?',
    'What is one thing you can do today, even afraid?',
    'Write a prayer asking God for courage.',
    'Which words from today’s passage can you hold on to when fear rises?',
    'Looking back on this week, where did you find courage?',
  ],
  joyful: [
    'What is filling you with joy today?',
    'Who would you like to share this joy with?',
    'How has God been good to you lately?',
    'Which simple things bring you the deepest joy?',
    'Write a short prayer of praise.',
    'Which words from today’s passage match your joy?',
    'How could you remember this joy on a harder day?',
  ],
  lonely: [
    'When do you feel most alone? Tell God about it.',
    'Who is someone you could reach out to this week?',
    'Where have you felt God near you, even quietly?',
    'What would you like God to know about your heart right now?',
    'Who else might be lonely, and how could you reach them?',
    'Which words from today’s passage remind you that you are not alone?',
    'Looking back on this week, where did you find company?',
  ],
  overwhelmed: [
    'What feels like too much right now? List it, then breathe.',
    'What is one thing you can set down today?',
    'What can only you do, and what could someone else help with?',
    'Write a prayer for strength for the next small step.',
    'Where could you make room for rest this week?',
    'Which words from today’s passage give you strength?',
    'Looking back on this week, what did God carry with you?',
  ],
  confused: [
    'What are you unsure about right now?',
    'What do you know for certain, even when much is unclear?',
    'Whose wise counsel could you ask for?',
    'Write a prayer asking God for wisdom.',
    'What is the next right step, even if you cannot see the whole path?',
    'Which words from today’s passage bring some clarity?',
    'Looking back on this week, what has become clearer?',
  ],
  doubtful: [
    'What question is weighing on your faith right now?',
    'When has God shown Himself faithful to you before?',
    'What would you like to ask God, honestly?',
    'Who could you talk with about your doubts?',
    'Write a prayer in your own words: “Lord, I believe; help thou mine unbelief.”',
    'Which words from today’s passage steady you?',
    'Looking back on this week, what have you seen of God’s faithfulness?',
  ],
  content: [
    'What makes today enough?',
    'Which simple gift are you glad of right now?',
    'Where have you learned to be content, with much or with little?',
    'What are you tempted to compare, and how could you let it go?',
    'Write a prayer of thanks for God’s daily provision.',
    'Which words from today’s passage describe your heart?',
    'How could you keep this contentment in the week ahead?',
  ],
};

export function moodPlanTitle(mood: Mood): string {
  return `${dayCount} days for when you feel ${mood}`;
}

export function moodPlanDescription(mood: Mood): string {
  return `A passage a day around verses chosen for when you feel ${mood}, each with a question for your journal.`;
}

/** The plan's days: a passage around each chosen verse, its focus and the day's prompt. */
export function buildMoodPlanDays(mood: Mood, shapes: ChapterShapes): PlanDay[] {
  return moodPlanVerses(mood).map((verse, index) => ({
    day: index + 1,
    readings: [passageAround(verse, shapes(verse.bookIndex, verse.chapter))],
    prompt: moodPlanPrompts[mood][index] ?? null,
    focus: focusLabel(verse),
  }));
}
