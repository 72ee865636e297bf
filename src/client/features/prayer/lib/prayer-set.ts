import {
  guidedPrayers,
  meditations,
  prayerCategories,
  type GuidedPrayer,
} from '#shared/content/prayers.ts';

/** product §9: a shuffle shows this many prayers (each of another category) and meditations. */
export const prayersPerSet = 4;
export const meditationsPerSet = 4;

export type PrayerSet = { prayers: GuidedPrayer[]; meditations: string[] };

/** A source of numbers in [0, 1), like Math.random (injectable so tests are repeatable). */
export type RandomSource = () => number;

/** A shuffled copy (Fisher–Yates). */
export function shuffled<T>(items: readonly T[], random: RandomSource): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** The first screen: the first prayer of each of the first four categories, first four lines. */
export function initialPrayerSet(
  prayers: readonly GuidedPrayer[] = guidedPrayers,
  lines: readonly string[] = meditations,
): PrayerSet {
  return {
    prayers: prayerCategories
      .slice(0, prayersPerSet)
      .map((category) => prayers.find((prayer) => prayer.category === category))
      .filter((prayer) => prayer !== undefined),
    meditations: lines.slice(0, meditationsPerSet),
  };
}

/** product §4: one prayer from each of four random categories, and four random meditation lines. */
export function shufflePrayerSet(
  random: RandomSource,
  prayers: readonly GuidedPrayer[] = guidedPrayers,
  lines: readonly string[] = meditations,
): PrayerSet {
  const categories = shuffled([...new Set(prayers.map((prayer) => prayer.category))], random).slice(
    0,
    prayersPerSet,
  );
  return {
    prayers: categories.map((category) => {
      const inCategory = prayers.filter((prayer) => prayer.category === category);
      return inCategory[Math.floor(random() * inCategory.length)] as GuidedPrayer;
    }),
    meditations: shuffled(lines, random).slice(0, meditationsPerSet),
  };
}

function prayerTitles(set: PrayerSet): string {
  return set.prayers
    .map((prayer) => prayer.title)
    .sort()
    .join('|');
}

/** A new set whose prayers differ from `previous`, so 'New Prayers' always visibly changes. */
export function nextPrayerSet(previous: PrayerSet, random: RandomSource): PrayerSet {
  let next = shufflePrayerSet(random);
  for (let tries = 0; tries < 20 && prayerTitles(next) === prayerTitles(previous); tries += 1) {
    next = shufflePrayerSet(random);
  }
  return next;
}
