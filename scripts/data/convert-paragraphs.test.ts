import { describe, expect, it } from 'vitest';
import { convertParagraphs, paragraphStarts } from './convert-paragraphs.ts';

const line = (book: string, chapter: number, verse: number, osis: string) =>
  JSON.stringify({ book, chapter, verse, osis });

describe("converting the KJV module's paragraphs", () => {
  it('counts each paragraph start, not its end or the preverse milestones', () => {
    expect(
      paragraphStarts(
        '<div type="x-milestone" subType="x-preverse" sID="pv1"/><div sID="gen4" type="x-p"/> ' +
          '<div type="x-milestone" subType="x-preverse" eID="pv1"/>And God said',
      ),
    ).toBe(1);
    expect(paragraphStarts('the waters.  <div eID="gen3" type="x-p"/>')).toBe(0);
    expect(paragraphStarts('<div type="x-p" sID="a1"/>¶ And')).toBe(1);
  });

  it('keeps the verse numbers where a paragraph starts, leaving out chapter starts', () => {
    const dump = [
      line('Gen', 1, 1, '<div sID="gen1" type="x-p"/>In the beginning'),
      line('Gen', 1, 2, 'And the earth <div eID="gen1" type="x-p"/>'),
      line('Gen', 1, 3, '<div sID="gen2" type="x-p"/>¶ And God said'),
      line('Gen', 2, 4, '<div sID="gen3" type="x-p"/>These are'),
      '',
    ].join('\n');
    expect(convertParagraphs(dump)).toEqual({
      starts: [2, 34],
      markers: 3,
      pilcrows: 1,
      verses: 4,
    });
  });

  it('refuses a verse the KJV does not number', () => {
    expect(() => convertParagraphs(line('Gen', 1, 40, ''))).toThrow(/Unknown verse/);
    expect(() => convertParagraphs(line('Xyz', 1, 1, ''))).toThrow(/Unknown book/);
  });
});
