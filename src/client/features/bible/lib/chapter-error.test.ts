import { describe, expect, it } from 'vitest';
import { ChapterTimeoutError } from '#client/api/bible.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { chapterErrorDescription, offlineChapterMessage } from './chapter-error.ts';

describe('chapterErrorDescription (product §8 Loading Error)', () => {
  it('names a timeout', () => {
    expect(chapterErrorDescription(new ChapterTimeoutError())).toBe(
      'Chapter loading timed out. Please check your connection and try again.',
    );
    expect(chapterErrorDescription(new Error('Request timeout'))).toBe(
      'Chapter loading timed out. Please check your connection and try again.',
    );
  });

  it('names a network failure', () => {
    expect(chapterErrorDescription(new ApiError(0, 'NETWORK', 'offline'))).toBe(
      'Network error. Please check your internet connection.',
    );
    expect(chapterErrorDescription(new TypeError('Failed to fetch'))).toBe(
      'Network error. Please check your internet connection.',
    );
  });

  it('says so when the device is offline and the chapter is not saved on it', () => {
    expect(chapterErrorDescription(new ApiError(0, 'OFFLINE', 'You are offline.'))).toBe(
      offlineChapterMessage,
    );
    expect(offlineChapterMessage).toMatch(/^You are offline, and this chapter is not saved/);
  });

  it('falls back to the general message', () => {
    expect(chapterErrorDescription(new ApiError(404, 'NOT_FOUND', 'Chapter not found'))).toBe(
      'Failed to load chapter content.',
    );
    expect(chapterErrorDescription('odd')).toBe('Failed to load chapter content.');
  });
});
