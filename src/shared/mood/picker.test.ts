import { describe, expect, it } from 'vitest';
import { verseCatalogue } from './catalogue.ts';
import { moodKeywords } from './keywords.ts';
import { moods } from './moods.ts';
import { candidatesFor, createVersePicker } from './picker.ts';

/** A random source that returns the given values in turn, then starts over. */
function sequence(...values: number[]): () => number {
  let call = 0;
  return () => values[call++ % values.length] ?? 0;
}

const verses = ['A 1:1', 'B 1:1', 'C 1:1'].map((reference) => ({ reference }));
const refs = (picked: ({ reference: string } | undefined)[]) => picked.map((v) => v?.reference);

describe('createVersePicker (product §4)', () => {
  it('picks index Math.floor(random() * rest.length) among the verses not yet shown', () => {
    // Always 0.99: the last of what is left each time.
    const picker = createVersePicker(() => 0.99);
    const picks = [1, 2, 3].map(() => picker.pick('I am worried', 'anxious', verses));
    expect(refs(picks)).toEqual(['C 1:1', 'B 1:1', 'A 1:1']);
  });

  it('stage 1: avoids the verses already shown for this exact text', () => {
    const picker = createVersePicker(sequence(0.5, 0, 0));
    // 0.5 * 3 → index 1 (B); then A and C remain: 0 → A; then only C remains.
    const picks = [1, 2, 3].map(() => picker.pick('same text', 'sad', verses));
    expect(refs(picks)).toEqual(['B 1:1', 'A 1:1', 'C 1:1']);
    expect(new Set(refs(picks)).size).toBe(3);
  });

  it('stage 2: when this text has seen them all, avoids those already shown for the mood', () => {
    const picker = createVersePicker(() => 0);
    const show = (text: string) => picker.pick(text, 'sad', verses)?.reference;
    expect([show('x'), show('x'), show('x')]).toEqual(['A 1:1', 'B 1:1', 'C 1:1']);
    expect([show('y'), show('y'), show('y')]).toEqual(['A 1:1', 'B 1:1', 'C 1:1']);
    // 'y' and 'sad' have seen all three: stage 3 clears both and shows A; 'sad' now holds A.
    expect(show('y')).toBe('A 1:1');
    // 'x' has seen all three (its history was not cleared); the mood has seen only A.
    expect(show('x')).toBe('B 1:1');
    expect(show('x')).toBe('C 1:1');
    // Now the mood has seen all three as well: stage 3 again.
    expect(show('x')).toBe('A 1:1');
  });

  it('keeps one history per text and one per mood', () => {
    const picker = createVersePicker(() => 0);
    const two = verses.slice(0, 2);
    expect(refs([picker.pick('x', 'lonely', two), picker.pick('x', 'lonely', two)])).toEqual([
      'A 1:1',
      'B 1:1',
    ]);
    // Three candidates now: 'x' saw A and B, so stage 1 leaves C.
    expect(picker.pick('x', 'lonely', verses)?.reference).toBe('C 1:1');
    // Another text starts with a history of its own.
    expect(picker.pick('y', 'joyful', verses)?.reference).toBe('A 1:1');
    // 'x' and 'lonely' have seen all three: stage 3 clears both and starts over at A…
    expect(picker.pick('x', 'lonely', verses)?.reference).toBe('A 1:1');
    // …after which 'x' remembers only A, and 'y' still remembers A.
    expect(picker.pick('x', 'lonely', verses)?.reference).toBe('B 1:1');
    expect(picker.pick('y', 'joyful', verses)?.reference).toBe('B 1:1');
  });

  it('stage 2 is used when the text has seen everything but the mood has not', () => {
    const picker = createVersePicker(() => 0);
    // Text 'x' in mood 'sad' sees A, B, C; then the same text under mood 'angry'.
    for (let i = 0; i < 3; i += 1) picker.pick('x', 'sad', verses);
    // 'x' has seen all three, mood 'angry' nothing: stage 2 leaves all three → A.
    expect(picker.pick('x', 'angry', verses)?.reference).toBe('A 1:1');
    // 'angry' has seen A: stage 2 leaves B and C → B (the text's history is not cleared).
    expect(picker.pick('x', 'angry', verses)?.reference).toBe('B 1:1');
    expect(picker.pick('x', 'angry', verses)?.reference).toBe('C 1:1');
    // Now 'x' and 'angry' have seen all: stage 3 clears both, then picks from all with 0.99 → C.
    const lastPicker = createVersePicker(sequence(0, 0, 0, 0.99));
    for (let i = 0; i < 3; i += 1) lastPicker.pick('z', 'angry', verses);
    expect(lastPicker.pick('z', 'angry', verses)?.reference).toBe('C 1:1');
  });

  it('stage 3 clears only this text and this mood', () => {
    const picker = createVersePicker(() => 0);
    const one = verses.slice(0, 1);
    picker.pick('other text', 'sad', verses); // 'other text' and 'sad' see A
    picker.pick('mine', 'anxious', one); // 'mine' and 'anxious' see A
    // All shown for 'mine' and for 'anxious': both cleared, A again.
    expect(picker.pick('mine', 'anxious', one)?.reference).toBe('A 1:1');
    // 'other text' still remembers A.
    expect(picker.pick('other text', 'sad', verses)?.reference).toBe('B 1:1');
  });

  it('reset forgets everything', () => {
    const picker = createVersePicker(() => 0);
    expect(picker.pick('x', 'sad', verses)?.reference).toBe('A 1:1');
    expect(picker.pick('x', 'sad', verses)?.reference).toBe('B 1:1');
    picker.reset();
    expect(picker.pick('x', 'sad', verses)?.reference).toBe('A 1:1');
  });

  it('answers undefined for no candidates, and keeps the caller’s own type', () => {
    const picker = createVersePicker(() => 0);
    expect(picker.pick('x', 'sad', [])).toBeUndefined();
    const rich = [{ reference: 'John 3:16', text: 'For God so loved the world', mood: 'sad' }];
    const picked = picker.pick('x', 'sad', rich);
    expect(picked?.text).toBe('For God so loved the world');
  });

  it('uses Math.random by default and stays within the candidates', () => {
    const picker = createVersePicker();
    for (let i = 0; i < 20; i += 1) {
      expect(verses).toContain(picker.pick(`text ${i % 3}`, 'hopeful', verses));
    }
  });
});

describe('candidatesFor (product §4)', () => {
  const catalogue = [
    { reference: 'A 1:1', mood: 'sad', themes: ['comfort'] },
    { reference: 'B 1:1', mood: 'anxious', themes: ['peace', 'trust'] },
    { reference: 'C 1:1', mood: 'joyful', themes: ['joy'] },
    { reference: 'D 1:1', mood: 'angry', themes: ['Worry'] },
  ];

  it('takes the verses of the mood and those whose themes match its keywords', () => {
    expect(moodKeywords.anxious).toContain('worry');
    expect(candidatesFor('anxious', catalogue).map((v) => v.reference)).toEqual(['B 1:1', 'D 1:1']);
    // 'peace' is a whole word of the peaceful keyword 'at peace'.
    expect(moodKeywords.peaceful).toContain('at peace');
    expect(candidatesFor('peaceful', catalogue).map((v) => v.reference)).toEqual(['B 1:1']);
    // 'joy' is a joyful keyword; 'comfort' is no sad keyword, but A is a sad verse.
    expect(candidatesFor('joyful', catalogue).map((v) => v.reference)).toEqual(['C 1:1']);
    expect(candidatesFor('sad', catalogue).map((v) => v.reference)).toEqual(['A 1:1']);
  });

  it('matches whole words only: a theme "rest" is no match for "restless"', () => {
    const themed = [{ reference: 'E 1:1', mood: 'sad', themes: ['rest'] }];
    expect(moodKeywords.anxious).toContain('restless');
    expect(candidatesFor('anxious', themed)).toEqual([]);
    // …but it is one for the peaceful keyword 'at rest'.
    expect(moodKeywords.peaceful).toContain('at rest');
    expect(candidatesFor('peaceful', themed)).toEqual(themed);
  });

  it('gives every mood at least ten candidates from the built-in catalogue', () => {
    for (const mood of moods) {
      const found = candidatesFor(mood, verseCatalogue);
      expect(found.length, mood).toBeGreaterThanOrEqual(10);
      expect(found.filter((verse) => verse.mood === mood).length, mood).toBeGreaterThanOrEqual(10);
    }
  });
});
