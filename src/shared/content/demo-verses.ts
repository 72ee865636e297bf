import type { SavedVerse } from '#shared/schemas/verses.ts';
import type { VerseTheme } from './verse-theme-names.ts';

/**
 * product §3: demo saved verses carry tags and isDemo besides a saved verse's fields. They have no
 * saved date: nobody saved them. The text is the KJV's, word for word (a server test compares it
 * with the Bible data so that it cannot drift).
 */
export type DemoSavedVerse = Omit<SavedVerse, 'created_at'> & {
  tags: readonly string[];
  /**
   * The chips it shows under, as findVerseThemes (verse-themes.ts) finds them: written here so
   * that a visitor's /saved-verses filters its examples without that rule's data (a test keeps
   * the two in step).
   */
  themes: readonly VerseTheme[];
  isDemo: true;
};

/** product §2 and §6: the two examples a visitor sees on /saved-verses. */
export const demoSavedVerses: readonly DemoSavedVerse[] = [
  {
    id: 'demo-philippians-4-13',
    text: 'I can do all things through Christ which strengtheneth me.',
    reference: 'Philippians 4:13',
    theme: 'Strength',
    emotion_tag: 'overwhelmed',
    custom_note: 'For the days that feel like too much.',
    translation: 'kjv',
    tags: ['strength', 'courage', 'perseverance'],
    themes: ['Peace', 'Strength', 'Love'],
    isDemo: true,
  },
  {
    id: 'demo-jeremiah-29-11',
    text: 'For I know the thoughts that I think toward you, saith the LORD, thoughts of peace, and not of evil, to give you an expected end.',
    reference: 'Jeremiah 29:11',
    theme: 'Hope',
    emotion_tag: 'anxious',
    custom_note: null,
    translation: 'kjv',
    tags: ['hope', 'future', 'trust'],
    themes: ['Peace', 'Hope', 'Comfort'],
    isDemo: true,
  },
];
