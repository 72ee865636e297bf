/** The sections of docs/reliability.md that a run writes, in the page's order. */
export const reliabilitySections = ['load', 'crash', 'outage', 'backups', 'instances'] as const;
export type ReliabilitySection = (typeof reliabilitySections)[number];

/** One pass/fail statement of a scenario, with the figures behind it. */
export type Check = { label: string; passed: boolean; detail: string };

export type ScenarioResult = {
  /** The section of docs/reliability.md the result goes under. */
  section: ReliabilitySection;
  title: string;
  checks: Check[];
  /** Markdown lines for docs/reliability.md. */
  figures: string[];
  seconds: number;
};

export function check(label: string, passed: boolean, detail: string): Check {
  return { label, passed, detail };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

export function mib(kb: number): string {
  return `${(kb / 1024).toFixed(1)} MiB`;
}
