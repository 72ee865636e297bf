// A Strong's number's dictionary entry from the study notes saved on this device (decision 023,
// "Offline"), for the word panel when the network fails.
import { studyCache, studyDictionaryUrl } from './cache-names.ts';

export type OfflineStrongsEntry = {
  lemma: string;
  transliteration: string;
  pronunciation: string;
  definition: string;
};

type Entries = Record<string, OfflineStrongsEntry>;

/** Read once a page (3 MB of JSON, about 14,000 entries), then a map read each. */
let entries: Promise<Entries | null> | null = null;

async function readEntries(): Promise<Entries | null> {
  if (typeof caches === 'undefined') return null;
  const cache = await caches.open(studyCache);
  const response = await cache.match(studyDictionaryUrl);
  if (!response) return null;
  const body = (await response.json()) as { entries?: Entries };
  return body.entries ?? null;
}

/**
 * 'G25', 'g0025' or 'H430': the entry (the word, its transliteration and pronunciation, and the
 * definition), or null when the number is unknown or the study notes are not on this device.
 */
export async function readOfflineStrongsEntry(number: string): Promise<OfflineStrongsEntry | null> {
  const match = /^([HG])0*(\d{1,4})$/i.exec(number.trim());
  if (!match) return null;
  const key = `${match[1]?.toUpperCase()}${match[2]}`;
  if (!entries) {
    const reading = readEntries().catch(() => null);
    entries = reading;
    // Not there yet (the download may finish later): looked for again next time.
    void reading.then((found) => {
      if (found === null && entries === reading) entries = null;
    });
  }
  const found = await entries;
  if (!found || !Object.hasOwn(found, key)) return null;
  const entry = found[key];
  return entry
    ? {
        lemma: entry.lemma,
        transliteration: entry.transliteration,
        pronunciation: entry.pronunciation,
        definition: entry.definition,
      }
    : null;
}
