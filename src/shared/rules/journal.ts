/** product §9: the ten feeling tags offered on the journal. */
export const journalFeelingTags = [
  'Peaceful',
  'Grateful',
  'Anxious',
  'Hopeful',
  'Sad',
  'Joyful',
  'Confused',
  'Confident',
  'Overwhelmed',
  'Blessed',
] as const;

/**
 * product §9: the journal page lists the five newest entries (the server draws them for the
 * signed-in person, decision 011).
 */
export const recentEntriesCount = 5;

/** The longest title, entry, tag list, tag and verse reference an entry may have. */
export const journalLimits = {
  title: 120,
  content: 20_000,
  tags: 12,
  tag: 30,
  verseReference: 100,
} as const;

/** product §9: a prayer saved from /prayer is a journal entry with this title and tag. */
export const prayerEntryTitle = 'Prayer Entry';
export const prayerTag = 'prayer';
