import { describe, expect, it } from 'vitest';
import { fitText, linesHeight, wrapText, type MeasureText } from './fit-verse-text.ts';

/** Half an em per character: close to Lora's average, and the same in every run. */
const measure: MeasureText = (text, fontSize) => text.length * fontSize * 0.5;

/** The verse box of a 1080×1080 image (see render-verse-image.ts), rounded down. */
const box = { width: 820, height: 520 };
const options = { ...box, maxFontSize: 60, minFontSize: 16, lineHeight: 1.45, measure };

const esther89 =
  "Then were the king's scribes called at that time in the third month, that is, the month Sivan, on the three and twentieth day thereof; and it was written according to all that Mordecai commanded unto the Jews, and to the lieutenants, and the deputies and rulers of the provinces which are from India unto Ethiopia, an hundred twenty and seven provinces, unto every province according to the writing thereof, and unto every people after their language, and to the Jews according to their writing, and according to their language.";

function expectInside(result: ReturnType<typeof fitText>, width: number, height: number) {
  for (const line of result.lines)
    expect(measure(line, result.fontSize)).toBeLessThanOrEqual(width);
  expect(linesHeight(result.lines.length, result.fontSize, 1.45)).toBeLessThanOrEqual(height);
}

describe('wrapText', () => {
  it('breaks between words and never makes a line wider than the box', () => {
    const lines = wrapText('The LORD is my shepherd; I shall not want.', 200, 20, measure);
    expect(lines).toEqual(['The LORD is my', 'shepherd; I shall', 'not want.']);
  });

  it('never breaks at a no-break space', () => {
    const lines = wrapText('formed thee, O\u00A0Israel', 200, 20, measure);
    expect(lines).toEqual(['formed thee,', 'O\u00A0Israel']);
  });

  it('splits a word longer than the box between characters', () => {
    const lines = wrapText('Mahershalalhashbaz', 100, 20, measure);
    expect(lines).toEqual(['Mahershala', 'lhashbaz']);
  });
});

describe('fitText', () => {
  it('sets the shortest verse at the largest size, on one line', () => {
    const result = fitText({ ...options, text: '\u201CJesus wept.\u201D' });
    expect(result.fontSize).toBe(60);
    expect(result.lines).toEqual(['\u201CJesus wept.\u201D']);
    expect(result.isComplete).toBe(true);
  });

  it('shrinks the longest verse in the Bible (Esther 8:9) until it fits the box', () => {
    const result = fitText({ ...options, text: esther89 });
    expect(result.isComplete).toBe(true);
    expect(result.fontSize).toBeLessThan(60);
    expect(result.fontSize).toBeGreaterThanOrEqual(16);
    expectInside(result, box.width, box.height);
    expect(result.lines.join(' ')).toBe(esther89);
    // The next size up would not have fitted.
    const larger = fitText({ ...options, text: esther89, minFontSize: result.fontSize + 1 });
    expect(larger.isComplete).toBe(false);
  });

  it('fits a four-verse range as long as four of Esther 8:9 in the box', () => {
    const range = Array.from({ length: 4 }, () => esther89).join(' ');
    const result = fitText({ ...options, text: range });
    expect(result.isComplete).toBe(true);
    expectInside(result, box.width, box.height);
    expect(result.lines.join(' ')).toBe(range);
  });

  it('fits the same texts in the box of a 600×600 phone image', () => {
    const phone = { width: 410, height: 280, maxFontSize: 30, minFontSize: 8, lineHeight: 1.45 };
    for (const text of ['Jesus wept.', esther89]) {
      const result = fitText({ ...phone, measure, text });
      expect(result.isComplete).toBe(true);
      expectInside(result, phone.width, phone.height);
    }
  });

  it('balances the lines of a centred verse instead of leaving one word alone', () => {
    const text = 'For God so loved the world, that he gave his only begotten Son.';
    const result = fitText({ ...options, text, maxFontSize: 40, width: 700 });
    const widths = result.lines.map((line) => measure(line, result.fontSize));
    expect(result.lines).toHaveLength(2);
    expect(Math.max(...widths) - Math.min(...widths)).toBeLessThan(100);
  });

  it('collapses runs of white space', () => {
    expect(fitText({ ...options, text: '  Jesus \n wept.  ' }).lines).toEqual(['Jesus wept.']);
  });

  it('cuts a text that cannot fit even at the smallest size, ending in an ellipsis', () => {
    const result = fitText({ ...options, text: esther89.repeat(20) });
    expect(result.isComplete).toBe(false);
    expect(result.fontSize).toBe(16);
    expectInside(result, box.width, box.height);
    expect(result.lines.at(-1)).toMatch(/…$/);
  });
});
