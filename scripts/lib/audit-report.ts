// Reads what `npm audit --omit=dev --json` printed and decides what `npm run audit` says and
// whether it fails (no high or critical advisory in the production dependencies).

const severities = ['critical', 'high', 'moderate', 'low', 'info'] as const;
type Severity = (typeof severities)[number];

export type AuditVerdict = {
  /** passed: nothing high or critical; failed: at least one; unavailable: no advisories came back. */
  outcome: 'passed' | 'failed' | 'unavailable';
  lines: string[];
};

type AuditJson = {
  metadata?: { vulnerabilities?: Partial<Record<Severity | 'total', number>> };
  vulnerabilities?: Record<string, { severity?: string; range?: string; isDirect?: boolean }>;
  message?: string;
  error?: { summary?: string; code?: string };
};

export function readAuditOutput(stdout: string): AuditVerdict {
  let report: AuditJson;
  try {
    report = JSON.parse(stdout) as AuditJson;
  } catch {
    return {
      outcome: 'unavailable',
      lines: ['npm audit printed no report (its output was not JSON).'],
    };
  }
  const counts = report.metadata?.vulnerabilities;
  if (!counts) {
    const why =
      report.message ?? report.error?.summary ?? report.error?.code ?? 'no advisory data came back';
    return {
      outcome: 'unavailable',
      lines: [`The npm advisory service could not be asked: ${why}.`],
    };
  }
  const summary = severities.map((severity) => `${counts[severity] ?? 0} ${severity}`).join(', ');
  const serious = Object.entries(report.vulnerabilities ?? {})
    .filter(([, found]) => found.severity === 'high' || found.severity === 'critical')
    .map(
      ([name, found]) =>
        `  ${found.severity}: ${name}${found.range ? ` (${found.range})` : ''}${found.isDirect ? ', a direct dependency' : ''}`,
    )
    .sort();
  const seriousCount = (counts.critical ?? 0) + (counts.high ?? 0);
  if (seriousCount > 0) {
    return {
      outcome: 'failed',
      lines: [
        `Production dependencies: ${summary}. High or critical advisories:`,
        ...serious,
        'Run `npm audit --omit=dev` for the details and the fixes.',
      ],
    };
  }
  return {
    outcome: 'passed',
    lines: [`Production dependencies: ${summary}. No high or critical advisory.`],
  };
}
