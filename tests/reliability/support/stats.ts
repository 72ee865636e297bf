// Figures from the recorded requests: latency percentiles per operation, failures, and the
// acknowledged writes against the rows the database holds.
import type { WrittenTable } from './database.ts';
import type { OperationKind, RequestRecord } from './workload.ts';

export function percentile(sortedValues: number[], p: number): number {
  if (sortedValues.length === 0) return 0;
  const index = Math.min(sortedValues.length - 1, Math.ceil((p / 100) * sortedValues.length) - 1);
  return sortedValues[Math.max(0, index)] ?? 0;
}

export type LatencySummary = {
  label: string;
  requests: number;
  failures: number;
  p50: number;
  p99: number;
  max: number;
};

function summarize(label: string, records: RequestRecord[]): LatencySummary {
  const ms = records.map((record) => record.ms).sort((a, b) => a - b);
  return {
    label,
    requests: records.length,
    failures: records.filter((record) => !record.isOk).length,
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    max: ms.at(-1) ?? 0,
  };
}

/** One summary per operation kind, then all requests together. */
export function latencyByKind(records: RequestRecord[]): LatencySummary[] {
  const kinds = [...new Set(records.map((record) => record.kind))] as OperationKind[];
  return [
    ...kinds.map((kind) =>
      summarize(
        kind,
        records.filter((record) => record.kind === kind),
      ),
    ),
    summarize('all', records),
  ];
}

export function latencyTable(summaries: LatencySummary[]): string[] {
  return [
    '| Requests | Count | Failed | p50 | p99 | Max |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...summaries.map(
      (s) =>
        `| ${s.label} | ${count(s.requests)} | ${s.failures} | ${ms(s.p50)} | ${ms(s.p99)} | ${ms(s.max)} |`,
    ),
  ];
}

/** 12,345: thousands separated, as the docs print them. */
export function count(value: number): string {
  return value.toLocaleString('en-US');
}

export function ms(value: number): string {
  return value >= 100 ? `${Math.round(value)} ms` : `${value.toFixed(1)} ms`;
}

/** The distinct failures, most frequent first, for a readable failure message. */
export function failureSummary(records: RequestRecord[], limit = 5): string {
  const counts = new Map<string, number>();
  for (const record of records) {
    if (record.isOk) continue;
    const key = `${record.kind}: ${record.failure ?? record.status}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([key, count]) => `${count} × ${key}`)
    .join('; ');
}

export type WriteComparison = {
  acknowledged: number;
  /** Acknowledged writes whose row is in the database. */
  found: number;
  /** Acknowledged writes whose row is not: lost writes. */
  missing: number;
  /** Rows that no 2xx acknowledged (a request cut off after its commit, or a phantom write). */
  unacknowledged: number;
};

export function compareWrites(
  records: RequestRecord[],
  stored: Record<WrittenTable, Set<string>>,
): WriteComparison {
  const acknowledged = records.flatMap((record) => (record.written ? [record.written] : []));
  const found = acknowledged.filter(({ table, id }) => stored[table].has(id)).length;
  const storedCount = stored.saved_verses.size + stored.journal_entries.size;
  return {
    acknowledged: acknowledged.length,
    found,
    missing: acknowledged.length - found,
    unacknowledged: storedCount - found,
  };
}
