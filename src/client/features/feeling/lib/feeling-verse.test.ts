import { describe, expect, it } from 'vitest';
import { feelingSavePayload, pickTopic, readerHref, toVerseResult } from './feeling-verse.ts';

const catalogueVerse = {
  reference: 'Philippians 4:6',
  mood: 'anxious',
  themes: ['peace', 'prayer'],
  text: 'Be careful for nothing; but in every thing by prayer…',
};

describe('feeling verse', () => {
  it('shows the detected mood with the verse', () => {
    expect(toVerseResult(catalogueVerse, 'fearful')).toEqual({
      text: catalogueVerse.text,
      reference: 'Philippians 4:6',
      mood: 'fearful',
      themes: ['peace', 'prayer'],
    });
  });

  it('saves with the mood as theme and emotion tag, no note', () => {
    expect(feelingSavePayload(toVerseResult(catalogueVerse, 'anxious'))).toEqual({
      text: catalogueVerse.text,
      reference: 'Philippians 4:6',
      theme: 'anxious',
      emotion_tag: 'anxious',
      custom_note: null,
    });
  });

  it('picks a topic word at random', () => {
    const topics = ['peace', 'worry', 'rest', 'trust', 'care'];
    expect(pickTopic(topics, () => 0)).toBe('peace');
    expect(pickTopic(topics, () => 0.5)).toBe('rest');
    expect(pickTopic(topics, () => 0.999_999)).toBe('care');
    expect(pickTopic([], () => 0.3)).toBeNull();
  });

  it('links a result to its chapter in the reader', () => {
    expect(readerHref({ book: '1 Peter', chapter: 5 })).toBe(
      '/read-bible?book=1%20Peter&chapter=5',
    );
  });
});
