import { describe, expect, it } from 'vitest';
import { christBit } from '#server/study/strongs-file.ts';
import { alignCodes, taggedWords } from './convert-strongs.ts';

describe("converting the Strong's-tagged KJV", () => {
  it('tags each word of a <w>, leaves notes, titles and stray markers out, and marks Christ', () => {
    const state = { christ: false };
    const words = taggedWords(
      '<title type="psalm">A <w lemma="strong:H4210">Psalm</w></title>' +
        'And <w lemma="strong:G2889">the world</w><note type="x">a note</note> \\nd ' +
        '<q marker="" who="Jesus"><w lemma="strong:G0025">loved</w></q> it.',
      state,
    );
    expect(words).toEqual([
      { word: 'And', code: 0 },
      { word: 'the', code: 12889 },
      { word: 'world', code: 12889 },
      { word: 'loved', code: 10025 | christBit },
      { word: 'it', code: 0 },
    ]);
    expect(state.christ).toBe(false);
  });

  it("matches the module's words to ours where a spelling differs, in order", () => {
    const theirs = [
      { word: 'is', code: 1961 },
      { word: 'not', code: 3808 },
      { word: 'theirs', code: 0 },
      { word: 'and', code: 0 },
      { word: 'serve', code: 5647 },
    ];
    expect(alignCodes(['is', 'not', "their's", 'and', 'shall', 'serve'], theirs)).toEqual([
      1961, 3808, 0, 0, 0, 5647,
    ]);
    expect(alignCodes(['Is', 'NOT'], theirs.slice(0, 2))).toEqual([1961, 3808]);
  });
});
