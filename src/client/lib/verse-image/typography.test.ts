import { describe, expect, it } from 'vitest';
import { bindShortWords, typographicQuotes, typographicReference } from './typography.ts';

describe('typographicQuotes', () => {
  it('curls apostrophes and quotation marks', () => {
    expect(typographicQuotes("the king's scribes")).toBe('the king\u2019s scribes');
    expect(typographicQuotes("Ahasuerus' name")).toBe('Ahasuerus\u2019 name');
    expect(typographicQuotes(`he said, "Peace, 'be still'."`)).toBe(
      'he said, \u201CPeace, \u2018be still\u2019.\u201D',
    );
  });
});

describe('typographicReference', () => {
  it('joins a range with an en dash', () => {
    expect(typographicReference('Isaiah 43:1-2')).toBe('Isaiah 43:1\u20132');
    expect(typographicReference('John 3:16')).toBe('John 3:16');
    expect(typographicReference('1 John 4:18 - 19')).toBe('1 John 4:18\u201319');
  });
});

describe('bindShortWords', () => {
  it('keeps a one-letter word on the line of the word after it', () => {
    expect(bindShortWords('formed thee, O Israel, Fear not: for I have redeemed thee')).toBe(
      'formed thee, O\u00A0Israel, Fear not: for I\u00A0have redeemed thee',
    );
    expect(bindShortWords('I will be with thee; a word')).toBe(
      'I\u00A0will be with thee; a\u00A0word',
    );
    expect(bindShortWords('thee, O')).toBe('thee, O');
  });
});
