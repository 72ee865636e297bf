// Lighthouse's CPU slowdown calibrated to this machine. Lighthouse simulates a mid-tier phone by
// multiplying the main-thread work it observed by `throttling.cpuSlowdownMultiplier`, 4 by
// default: right for a fast desktop, too harsh for a slower host, whose own work is already
// slower. Lighthouse's throttling guide (its section "Calibrating the CPU slowdown") takes the
// multiplier from the host's `benchmarkIndex` (saved in every report,
// `lhr.environment.benchmarkIndex`) with its CPU slowdown calculator, linear
// between these anchors: 150 → 1×, 800 → 2×, 1300 → 3×, then one more per 233 (2000 → 6×).

/** Index → multiplier anchors of Lighthouse's CPU slowdown calculator, in increasing order. */
const anchors = [
  { index: 150, multiplier: 1 },
  { index: 800, multiplier: 2 },
  { index: 1300, multiplier: 3 },
  { index: 1533, multiplier: 4 },
] as const;

export type CpuCalibration = {
  benchmarkIndex: number;
  /** The multiplier to give Lighthouse, to one decimal as the calculator shows it. */
  multiplier: number;
  /** Under 150 the host is slower than the phone Lighthouse emulates: no slowdown at all. */
  tooSlow: boolean;
};

/** The CPU slowdown multiplier for a host of this benchmarkIndex. */
export function cpuSlowdownFor(benchmarkIndex: number): CpuCalibration {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) {
    throw new Error(`Not a benchmarkIndex: ${benchmarkIndex}`);
  }
  const [first] = anchors;
  if (benchmarkIndex < first.index) return { benchmarkIndex, multiplier: 1, tooSlow: true };
  // The segment the index falls in; past the last anchor the last segment's slope goes on.
  let lower: (typeof anchors)[number] = first;
  let upper: (typeof anchors)[number] = anchors[1];
  for (let i = 1; i < anchors.length; i += 1) {
    lower = anchors[i - 1] ?? lower;
    upper = anchors[i] ?? upper;
    if (benchmarkIndex < upper.index) break;
  }
  const slope = (upper.multiplier - lower.multiplier) / (upper.index - lower.index);
  const exact = lower.multiplier + (benchmarkIndex - lower.index) * slope;
  return { benchmarkIndex, multiplier: Math.round(exact * 10) / 10, tooSlow: false };
}

/** The median (mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('The median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
