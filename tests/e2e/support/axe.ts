import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

type AccessibleOptions = {
  /**
   * Which violations fail: 'serious' (serious and critical, the default for feature specs) or
   * 'all' (every impact, minor included: what accessibility.test.ts holds each screen to).
   */
  impacts?: 'serious' | 'all';
};

/** WCAG 2.2 AA rules and best practices. */
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

type Violation = {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
};

/**
 * axe-core run in the page itself, its script given once per document. @axe-core/playwright
 * did the same work in 1.5–2.5 s a check against 0.4–0.6 s here: it opens a blank page for
 * every check to merge the frames' partial results (the app has no frames) and gives axe's
 * half a megabyte of script twice.
 */
async function runAxe(page: Page): Promise<Violation[]> {
  const hasAxe = await page.evaluate(() => 'axe' in window);
  if (!hasAxe) await page.evaluate(axe.source);
  return page.evaluate(async (runOnly) => {
    const { axe: inPage } = window as unknown as { axe: typeof axe };
    const results = await inPage.run(document, {
      runOnly: { type: 'tag', values: runOnly },
      // Only violations are read: full details of every pass would take most of the run time.
      resultTypes: ['violations'],
    });
    return results.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map(({ target, failureSummary }) => ({
        target: [...target],
        ...(failureSummary === undefined ? {} : { failureSummary }),
      })),
    }));
  }, tags);
}

/** Fails with a readable list when axe-core (WCAG 2.2 AA rules and best practices) finds a violation. */
export async function expectAccessible(
  page: Page,
  { impacts = 'serious' }: AccessibleOptions = {},
): Promise<void> {
  const violations = await runAxe(page);
  const blocking = violations.filter(
    (violation) =>
      impacts === 'all' || violation.impact === 'serious' || violation.impact === 'critical',
  );
  const summary = blocking.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'no impact'}): ${violation.help}\n` +
      violation.nodes
        .slice(0, 5)
        .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`)
        .join('\n'),
  );
  expect(summary, `axe-core violations on ${page.url()}`).toEqual([]);
}
