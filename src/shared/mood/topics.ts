import type { Mood } from './moods.ts';

/**
 * spec §9 topic word lists: five words or phrases per mood for 'More verses for this feeling',
 * searched with the Bible search, so each is written the way the KJV says it.
 */
export const moodTopics: Record<Mood, readonly string[]> = {
  anxious: ['peace', 'trust', 'fear not', 'rest', 'careth for you'],
  sad: ['comfort', 'comfort them that mourn', 'tears', 'brokenhearted', 'joy cometh'],
  grateful: ['thanks', 'thanksgiving', 'praise', 'bless the lord', 'goodness'],
  angry: ['slow to anger', 'put away wrath', 'forgive', 'soft answer', 'anger'],
  peaceful: ['peace', 'still', 'quiet', 'rest', 'green pastures'],
  hopeful: ['hope', 'wait upon the lord', 'promise', 'expectation', 'renew'],
  fearful: ['fear not', 'be not afraid', 'courage', 'refuge', 'strength'],
  joyful: ['joy', 'rejoice', 'gladness', 'sing', 'praise'],
  lonely: ['never leave thee', 'not forsake thee', 'I am with thee', 'friend', 'comfort'],
  overwhelmed: ['weary', 'cast thy burden', 'strength', 'rest', 'grace'],
  confused: ['wisdom', 'understanding', 'guide', 'path', 'counsel'],
  doubtful: ['faith', 'believe', 'unbelief', 'truth', 'faithful'],
  content: ['content', 'godliness', 'sufficient', 'daily bread', 'enough'],
};
