import { describe, expect, it } from 'vitest';
import {
  assertValidImageBlob,
  assertValidImageData,
  imageReferenceLine,
  imageSizeFor,
  verseImageFileName,
} from './render-verse-image.ts';

describe('verseImageFileName', () => {
  it.each([
    ['John 3:16', 'grounded-verse-John-3-16.png'],
    ['Philippians 4:6-7', 'grounded-verse-Philippians-4-6-7.png'],
    ['1 Peter 5:7', 'grounded-verse-1-Peter-5-7.png'],
    ['Song of Solomon 2:10', 'grounded-verse-Song-of-Solomon-2-10.png'],
    ['  Psalm 23:1 – 4 ', 'grounded-verse-Psalm-23-1-4.png'],
    [':John 3:16:', 'grounded-verse-John-3-16.png'],
  ])('%j → %s', (reference, fileName) => {
    expect(verseImageFileName(reference)).toBe(fileName);
  });
});

describe('assertValidImageData', () => {
  const png = `data:image/png;base64,${'A'.repeat(78)}`;

  it('accepts data of 100 characters or more', () => {
    expect(png).toHaveLength(100);
    expect(() => assertValidImageData(png)).not.toThrow();
  });

  it.each([[''], [null], [undefined], ['data:,'], [png.slice(0, 99)]])(
    'rejects %j as invalid',
    (data) => {
      expect(() => assertValidImageData(data)).toThrow('Generated image data is invalid');
    },
  );
});

describe('assertValidImageBlob', () => {
  it('measures a blob as the data URL it would make', () => {
    // 22 characters of prefix + 4 per 3 bytes: 57 bytes make 98 characters, 58 make 102.
    expect(() => assertValidImageBlob(new Blob([new Uint8Array(57)]))).toThrow(
      'Generated image data is invalid',
    );
    expect(() => assertValidImageBlob(new Blob([new Uint8Array(58)]))).not.toThrow();
  });

  it('rejects a missing or empty blob', () => {
    expect(() => assertValidImageBlob(null)).toThrow('Generated image data is invalid');
    expect(() => assertValidImageBlob(new Blob([]))).toThrow('Generated image data is invalid');
  });
});

describe('imageSizeFor', () => {
  it('draws 600×600 with type at 0.9 below 768 px, else 800×800 (product §9)', () => {
    expect(imageSizeFor(320)).toEqual({ size: 600, scale: 0.9 });
    expect(imageSizeFor(390)).toEqual({ size: 600, scale: 0.9 });
    expect(imageSizeFor(767)).toEqual({ size: 600, scale: 0.9 });
    expect(imageSizeFor(768)).toEqual({ size: 800, scale: 1 });
    expect(imageSizeFor(1280)).toEqual({ size: 800, scale: 1 });
  });
});

describe('imageReferenceLine', () => {
  it('names the translation after the reference', () => {
    expect(imageReferenceLine('John 3:16', 'web')).toBe('John 3:16 (WEB)');
    expect(imageReferenceLine('Isaiah 43:1-2', 'asv')).toBe('Isaiah 43:1\u20132 (ASV)');
    expect(imageReferenceLine('Psalm 23:1', 'kjv')).toBe('Psalm 23:1 (KJV)');
    expect(imageReferenceLine('Psalms 23:1-2', 'kjv')).toBe('Psalm 23:1\u20132 (KJV)');
  });

  it('names the KJV when no translation is given', () => {
    expect(imageReferenceLine('John 3:16')).toBe('John 3:16 (KJV)');
  });
});
