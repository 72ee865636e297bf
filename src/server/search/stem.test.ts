import { describe, expect, it } from 'vitest';
import { modernize, stem } from './stem.ts';

function expectSameStem(words: string[]): void {
  const stems = words.map((word) => stem(word));
  expect(new Set(stems).size, `${words.join(', ')} → ${stems.join(', ')}`).toBe(1);
}

describe('stem', () => {
  it.each([
    ['love', 'loveth', 'loved', 'loving', 'lovest', 'loves', 'lovedst'],
    ['believe', 'believeth', 'believed', 'believing', 'believest'],
    ['go', 'goeth', 'goest', 'going'],
    ['say', 'saith', 'sayeth', 'sayest', 'saying'],
    ['do', 'doeth', 'doth', 'dost', 'doing'],
    ['have', 'hath', 'hast', 'having'],
    ['see', 'seeth', 'seest', 'seeing'],
    ['die', 'dieth', 'diest'],
    ['lie', 'lieth', 'liest'],
    ['carry', 'carrieth', 'carried'],
    ['sin', 'sinneth', 'sinned', 'sinning', 'sins'],
    ['come', 'cometh', 'comest', 'coming'],
    ['pray', 'prayeth', 'prayed', 'prayest'],
    ['bless', 'blesseth', 'blessed', 'blessing'],
    ['holy', 'holiest'],
    ['great', 'greatest'],
    ['priest', 'priests'],
    ['shepherd', 'shepherds'],
  ])('gives %s and its other forms one stem', (...forms) => {
    expectSameStem(forms);
  });

  it('keeps the past tense apart where Porter does: saidst is said, not say', () => {
    expect(stem('saidst')).toBe(stem('said'));
    expect(stem('didst')).toBe(stem('did'));
  });

  it.each([
    ['priest', 'pry'],
    ['forest', 'for'],
    ['earnest', 'earn'],
    ['teeth', 'tee'],
    ['seth', 'sing'],
    ['midst', 'mid'],
    ['one', 'on'],
    ['us', 'use'],
    ['at', 'ate'],
    ['ye', 'yes'],
    ['thee', 'the'],
    ['evening', 'even'],
  ])('does not confuse %s with %s', (a, b) => {
    expect(stem(a)).not.toBe(stem(b));
  });

  it('leaves words that are not verb forms alone', () => {
    expect(modernize('priest')).toBeUndefined();
    expect(modernize('rest')).toBeUndefined();
    expect(modernize('chest')).toBeUndefined();
    expect(modernize('love')).toBeUndefined();
    expect(modernize('loveth')).toBe('loving');
    expect(modernize('saith')).toBe('say');
  });

  it('takes any string without throwing', () => {
    for (const word of ['', 'a', 'eth', 'est', 'x'.repeat(200), "o'", '123', 'ieth', 'eeth']) {
      expect(typeof stem(word)).toBe('string');
    }
  });

  it.each([...Object.getOwnPropertyNames(Object.prototype), 'prototype'])(
    'stems the prototype name %s as a word like any other',
    (key) => {
      for (const word of [key, key.toLowerCase()]) {
        expect(modernize(word), word).toBeUndefined();
        expect(typeof stem(word), word).toBe('string');
      }
    },
  );
});
