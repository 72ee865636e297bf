import { describe, expect, it } from 'vitest';
import { readAuditOutput } from './audit-report.ts';

/** The shape `npm audit --json` prints (auditReportVersion 2), cut down to what is read. */
function report(
  vulnerabilities: Record<string, { severity: string; range: string; isDirect: boolean }>,
) {
  const counts = { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0 };
  for (const { severity } of Object.values(vulnerabilities)) {
    counts[severity as keyof typeof counts] += 1;
    counts.total += 1;
  }
  return JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities: Object.fromEntries(
      Object.entries(vulnerabilities).map(([name, found]) => [
        name,
        { name, via: [], effects: [], nodes: [], fixAvailable: true, ...found },
      ]),
    ),
    metadata: {
      vulnerabilities: counts,
      dependencies: { prod: 580, dev: 0, optional: 40, peer: 0, peerOptional: 0, total: 580 },
    },
  });
}

describe('npm run audit', () => {
  it('passes with only low and moderate advisories, and says how many of each', () => {
    const verdict = readAuditOutput(
      report({
        cookie: { severity: 'low', range: '<0.7.0', isDirect: false },
        brace: { severity: 'moderate', range: '<3.0.3', isDirect: false },
      }),
    );
    expect(verdict.outcome).toBe('passed');
    expect(verdict.lines.join('\n')).toContain('0 critical, 0 high, 1 moderate, 1 low');
  });

  it('fails on a high or critical advisory and names the package', () => {
    const verdict = readAuditOutput(
      report({
        nodemailer: { severity: 'high', range: '<10.6.1', isDirect: true },
        cookie: { severity: 'low', range: '<0.7.0', isDirect: false },
      }),
    );
    expect(verdict.outcome).toBe('failed');
    expect(verdict.lines.join('\n')).toContain('high: nodemailer (<10.6.1), a direct dependency');
    expect(
      readAuditOutput(report({ pg: { severity: 'critical', range: '*', isDirect: true } })),
    ).toMatchObject({ outcome: 'failed' });
  });

  it('reports a registry that refuses the advisory endpoint as not checked, never as passed', () => {
    const refused = JSON.stringify({
      message:
        '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
      body: '',
      error: { summary: '', detail: '' },
    });
    const verdict = readAuditOutput(refused);
    expect(verdict.outcome).toBe('unavailable');
    expect(verdict.lines[0]).toContain('405 Method Not Allowed');
    expect(readAuditOutput('npm error code ENOTFOUND').outcome).toBe('unavailable');
  });
});
