import type { SearchIndex } from './inverted-index.ts';

type Scratch = {
  count: Uint16Array;
  idf: Float64Array;
  exact: Uint16Array;
  isCandidate: Uint8Array;
  /** Stem id → its slot among the query's terms, or -1. */
  stemSlot: Int32Array;
};
const scratches = new WeakMap<SearchIndex, Scratch>();

/** Per-verse and per-stem arrays reused between searches (searching is synchronous). */
export function scratchFor(index: SearchIndex): Scratch {
  let scratch = scratches.get(index);
  if (!scratch) {
    scratch = {
      count: new Uint16Array(index.verseCount),
      idf: new Float64Array(index.verseCount),
      exact: new Uint16Array(index.verseCount),
      isCandidate: new Uint8Array(index.verseCount),
      stemSlot: new Int32Array(index.stemIds.size).fill(-1),
    };
    scratches.set(index, scratch);
  }
  return scratch;
}
