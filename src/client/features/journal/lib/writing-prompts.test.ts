import { describe, expect, it } from 'vitest';
import { insertPrompt, writingPrompts } from './writing-prompts.ts';

describe('writingPrompts', () => {
  it('offers six distinct prompts', () => {
    expect(new Set(writingPrompts).size).toBe(6);
  });
});

describe('insertPrompt', () => {
  const prompt = 'What is one thing you are grateful for today?';

  it('fills an empty entry with the prompt and a line to write on', () => {
    expect(insertPrompt('', prompt)).toEqual({ content: `${prompt}\n`, cursor: prompt.length + 1 });
  });

  it('appends on a new line when there is no cursor', () => {
    const result = insertPrompt('Hello', prompt);
    expect(result.content).toBe(`Hello\n${prompt}\n`);
    expect(result.cursor).toBe(result.content.length);
    expect(insertPrompt('Hello\n', prompt).content).toBe(`Hello\n${prompt}\n`);
  });

  it('inserts at the cursor, starting a new line when mid-line', () => {
    const result = insertPrompt('Hello world', prompt, { start: 5, end: 5 });
    expect(result.content).toBe(`Hello\n${prompt}\n world`);
    expect(result.cursor).toBe(`Hello\n${prompt}\n`.length);
  });

  it('replaces a selection, and clamps a cursor past the end', () => {
    expect(insertPrompt('a\nXYZ\nb', prompt, { start: 2, end: 5 }).content).toBe(
      `a\n${prompt}\n\nb`,
    );
    expect(insertPrompt('ab', prompt, { start: 9, end: 9 }).content).toBe(`ab\n${prompt}\n`);
  });
});
