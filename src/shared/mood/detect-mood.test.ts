import { describe, expect, it } from 'vitest';
import { detectMood } from './detect-mood.ts';
import { moodKeywords } from './keywords.ts';
import { moods, type Mood } from './moods.ts';

/** Sentences people really type into the feeling form, and the mood each should find. */
const sentences: [text: string, mood: Mood][] = [
  // anxious
  ["I can't stop worrying about my exam tomorrow", 'anxious'],
  ['I’m so anxious about the job interview on Monday', 'anxious'],
  ["It's 3am and I can't sleep, my mind keeps racing", 'anxious'],
  ["I'm really nervous about the test results", 'anxious'],
  ['I keep overthinking everything I said today', 'anxious'],
  ['I feel on edge all the time lately', 'anxious'],
  ['I had a panic attack at work this morning', 'anxious'],
  // sad
  ['my mom passed away last week and I miss her', 'sad'],
  ["I'm heartbroken, he broke up with me", 'sad'],
  ["I've been crying all day and I don't know why", 'sad'],
  ['I feel so depressed and empty inside', 'sad'],
  ['Our dog died this morning', 'sad'],
  ["I'm grieving my grandfather, the funeral was yesterday", 'sad'],
  ['Everything feels hopeless right now', 'sad'],
  ['I miss my dad so much since he left', 'sad'],
  ['I feel guilty about what I did and want to give up', 'sad'],
  // grateful
  ['I just got the job, God is so good!', 'grateful'],
  ["I'm so thankful for my family", 'grateful'],
  ['Feeling blessed today, God answered my prayer', 'grateful'],
  ['Thank you Lord for healing my dad', 'grateful'],
  ['I am grateful for another day of life', 'grateful'],
  ['Counting my blessings this morning', 'grateful'],
  // angry
  ["I'm so angry at my brother right now", 'angry'],
  ["I'm fed up with my boss treating me like this", 'angry'],
  ['My coworker lied about me and I am furious', 'angry'],
  ['I am so mad I could scream', 'angry'],
  ["I'm sick of people taking advantage of me", 'angry'],
  ['I lost my temper with my kids again', 'angry'],
  ['I feel so frustrated and irritated with everyone', 'angry'],
  ['My best friend betrayed me', 'angry'],
  // peaceful
  ['I feel at peace today', 'peaceful'],
  ['Sitting by the lake, so calm and quiet inside', 'peaceful'],
  ['After praying I feel calm and relaxed', 'peaceful'],
  ['My heart is still and serene this evening', 'peaceful'],
  ['I finally have peace of mind about the decision', 'peaceful'],
  ['Everything feels tranquil and restful this morning', 'peaceful'],
  // hopeful
  ["I'm hopeful that things will get better", 'hopeful'],
  ['Starting a new chapter and looking forward to it', 'hopeful'],
  ['I feel like this is a fresh start for me', 'hopeful'],
  ['I believe better days are coming', 'hopeful'],
  ["I'm optimistic about the treatment", 'hopeful'],
  ["I can't wait to see what God has planned", 'hopeful'],
  // fearful
  ["I'm scared of the surgery next week", 'fearful'],
  ['I am terrified of losing my job', 'fearful'],
  ["I'm afraid of the dark and of being alone at night", 'fearful'],
  ["I don't feel safe at home", 'fearful'],
  ['I had another nightmare and woke up frightened', 'fearful'],
  ['The storm outside really scares me', 'fearful'],
  // joyful
  ['I got engaged today!!', 'joyful'],
  ["I'm so happy, my baby was born healthy", 'joyful'],
  ['Today was amazing, I feel full of joy', 'joyful'],
  ["I'm excited and thrilled about our trip", 'joyful'],
  ["I'm over the moon, we're having a baby", 'joyful'],
  ["I can't stop smiling today", 'joyful'],
  // lonely
  ['I feel so lonely since I moved to this city', 'lonely'],
  ['No one cares about me', 'lonely'],
  ['I have no friends to talk to', 'lonely'],
  ['I feel invisible and left out at school', 'lonely'],
  ["I'm all alone on my birthday", 'lonely'],
  ['Nobody ever texts me back, I feel forgotten', 'lonely'],
  // overwhelmed
  ["I'm completely burned out from work", 'overwhelmed'],
  ['There is just too much on my plate right now', 'overwhelmed'],
  ['I feel overwhelmed with school and my job', 'overwhelmed'],
  ["I'm exhausted and can't keep up with everything", 'overwhelmed'],
  ["I'm drowning in deadlines", 'overwhelmed'],
  ["I'm at my breaking point and can't cope anymore", 'overwhelmed'],
  ['I am so stressed out and stretched thin', 'overwhelmed'],
  ["I'm so tired of everything, life is hard", 'overwhelmed'],
  // confused
  ["I don't know what to do with my life", 'confused'],
  ["I'm so confused about which college to choose", 'confused'],
  ['I feel lost and unsure of my purpose', 'confused'],
  ["I'm torn between two jobs and can't decide", 'confused'],
  ['Nothing makes sense anymore, I need guidance', 'confused'],
  ["I'm at a crossroads and unsure which way to go", 'confused'],
  // doubtful
  ['Sometimes I doubt that God is even real', 'doubtful'],
  ["I'm struggling to believe God hears my prayers", 'doubtful'],
  ["I feel like I'm losing my faith", 'doubtful'],
  ['Where is God when bad things happen?', 'doubtful'],
  ["I've been questioning everything I was taught about God", 'doubtful'],
  ['I have so many doubts, it feels like God is silent', 'doubtful'],
  // content
  ["I'm content with where I am in life", 'content'],
  ["Life is good, I can't complain", 'content'],
  ['I have everything I need', 'content'],
  ['I feel satisfied and fulfilled with my simple life', 'content'],
  ["I'm in a good place right now", 'content'],
  ['Just a normal day, doing okay', 'content'],
];

describe('detectMood: what people write', () => {
  it.each(sentences)('%j → %s', (text, mood) => {
    expect(detectMood(text).mood).toBe(mood);
  });

  it('covers every mood with at least four sentences, sixty in all', () => {
    expect(sentences.length).toBeGreaterThanOrEqual(60);
    for (const mood of moods) {
      expect(sentences.filter(([, expected]) => expected === mood).length, mood).toBeGreaterThan(3);
    }
  });
});

describe('moodKeywords', () => {
  it('gives every mood at least 12 lower-case, trimmed keywords, none shared between moods', () => {
    const owner = new Map<string, Mood>();
    for (const mood of moods) {
      const keywords = moodKeywords[mood];
      expect(keywords.length, mood).toBeGreaterThanOrEqual(12);
      for (const keyword of keywords) {
        expect(keyword, `${mood}: "${keyword}"`).toBe(keyword.toLowerCase().trim());
        expect(keyword, `${mood}: "${keyword}"`).not.toMatch(/\s{2}|’/);
        expect(owner.get(keyword), `"${keyword}" is in two moods`).toBeUndefined();
        owner.set(keyword, mood);
      }
    }
  });
});

describe('detectMood: the scoring rule (product §9)', () => {
  // 'worry' is an anxious keyword and no other mood has a keyword inside these texts.
  it('gives +2 when a keyword is only contained: "worrying" holds "worry"', () => {
    expect(moodKeywords.anxious).toContain('worry');
    expect(detectMood('xworryx').score).toBe(2);
  });

  it('adds +3 per whole-word occurrence: "worry worry" is 2 + 3 + 3', () => {
    expect(detectMood('worry').score).toBe(5);
    expect(detectMood('worry worry').score).toBe(8);
    expect(detectMood('worry, worry and worry!').score).toBe(11);
  });

  it('counts a phrase as whole when it is bounded on both sides', () => {
    expect(moodKeywords.angry).toContain('fed up');
    expect(detectMood('fed up').score).toBe(5);
    expect(detectMood('so fed up.').score).toBe(5);
    expect(detectMood('xfed upx').score).toBe(2);
  });

  it('is case-insensitive and ignores extra spaces and curly apostrophes', () => {
    expect(detectMood('FED    UP')).toEqual({ mood: 'angry', score: 5 });
    expect(detectMood('I CAN’T SLEEP')).toEqual(detectMood("i can't sleep"));
    expect(detectMood("  i can't\n\tsleep  ").score).toBe(detectMood("i can't sleep").score);
  });

  it('sums every keyword of a mood', () => {
    // 'anxious' and 'worried' are two anxious keywords, each once as a whole word.
    expect(moodKeywords.anxious).toEqual(expect.arrayContaining(['anxious', 'worried']));
    expect(detectMood('anxious and worried').score).toBe(10);
  });

  it('breaks a tie by the order of moods: the earlier mood wins', () => {
    // 'sad' (moods[1]) and 'lonely' (moods[8]) score 5 each.
    expect(moodKeywords.sad).toContain('sad');
    expect(moodKeywords.lonely).toContain('lonely');
    expect(detectMood('sad and lonely')).toEqual({ mood: 'sad', score: 5 });
    expect(detectMood('lonely and sad')).toEqual({ mood: 'sad', score: 5 });
    // 'angry' (moods[3]) before 'fearful' (moods[6]).
    expect(detectMood('angry and afraid')).toEqual({ mood: 'angry', score: 5 });
  });

  it('the highest total wins over the order', () => {
    expect(detectMood('sad but so lonely, lonely, lonely')).toEqual({ mood: 'lonely', score: 11 });
  });

  it('finds nothing in empty or unrelated text: anxious with score 0', () => {
    expect(detectMood('')).toEqual({ mood: 'anxious', score: 0 });
    expect(detectMood('   ')).toEqual({ mood: 'anxious', score: 0 });
    expect(detectMood('The quick brown fox jumps over the lazy dog')).toEqual({
      mood: 'anxious',
      score: 0,
    });
  });
});

describe('detectMood: negation', () => {
  // A negated keyword says the person does not feel that way: it scores nothing for its mood.
  it.each<[text: string, mood: Mood]>([
    ['I am not anxious at all, I am happy', 'joyful'],
    ["I'm not worried, just so grateful today", 'grateful'],
    ["I don't feel angry anymore, I feel at peace", 'peaceful'],
    ['I am no longer afraid, I am hopeful about tomorrow', 'hopeful'],
    ["I'm not sad, I'm excited!", 'joyful'],
    ['I never get lonely, but I am so stressed', 'anxious'],
    ["My heart isn't heavy and I'm not lonely; I'm thankful", 'grateful'],
    ["I wasn't scared at all, I felt calm", 'peaceful'],
    ['I DON’T feel depressed, I feel blessed', 'grateful'],
  ])('%j → %s', (text, mood) => {
    expect(detectMood(text).mood).toBe(mood);
  });

  it.each([
    "I'm not lonely at all",
    'There is no need to worry',
    'I am never sad',
    "I'm not really that angry",
    "I'm not unhappy",
  ])('%j names no feeling: score 0, a neutral heading', (text) => {
    expect(detectMood(text)).toEqual({ mood: 'anxious', score: 0 });
  });

  // A denied feeling with a clear opposite leads to that opposite, never to the fallback.
  it.each<[text: string, mood: Mood]>([
    ['I am not happy', 'sad'],
    ["I'm not feeling happy", 'sad'],
    ['I’m not happy at all today', 'sad'],
    ["I'm not okay", 'sad'],
    ['I am not calm', 'anxious'],
    ["I don't feel at peace", 'anxious'],
    ['not anxious', 'peaceful'],
    ["I don't feel anxious", 'peaceful'],
    ['I cannot be afraid', 'peaceful'],
    ['Not worried, not sad', 'peaceful'],
    ['I dont feel stressed', 'peaceful'],
    ["I don't feel loved", 'lonely'],
    ['I never feel wanted', 'lonely'],
    ['not sure', 'confused'],
    ["I'm not sure what to do", 'confused'],
  ])('%j → its opposite, %s', (text, mood) => {
    const detected = detectMood(text);
    expect(detected.mood).toBe(mood);
    expect(detected.score).toBeGreaterThan(0);
  });

  it.each<[text: string, mood: Mood]>([
    // 'never … so', 'never … more': the strongest yes, not a no.
    ["I've never felt so lonely", 'lonely'],
    ['I have never been more grateful', 'grateful'],
    // The negation is of another word, not of the feeling.
    ["I can't sleep because I'm worried", 'anxious'],
    ["I don't know why I'm so sad", 'sad'],
    ["I can't believe how blessed I am", 'grateful'],
    ["I can't stop crying", 'sad'],
    // A keyword that holds the negation itself still scores.
    ["I don't feel safe here", 'fearful'],
    ['No one cares about me', 'lonely'],
    ["I can't cope with all of this", 'overwhelmed'],
  ])('%j still → %s', (text, mood) => {
    expect(detectMood(text).mood).toBe(mood);
  });

  it('scores a plain sentence as before, and a negated one only for what is left', () => {
    expect(detectMood('anxious and worried')).toEqual({ mood: 'anxious', score: 10 });
    expect(detectMood('not anxious but worried')).toEqual({ mood: 'anxious', score: 5 });
    expect(detectMood('worry, not worry')).toEqual({ mood: 'anxious', score: 5 });
  });
});
