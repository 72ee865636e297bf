import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

type AccessibleOptions = {
  /**
   * Which violations fail: 'serious' (serious and critical, the default for feature specs) or
   * 'all' (every impact, minor included: what accessibility.test.ts holds each screen to).
   */
  impacts?: 'serious' | 'all';
};

/** Fails with a readable list when axe-core (WCAG 2.2 AA rules and best practices) finds a violation. */
export async function expectAccessible(
  page: Page,
  { impacts = 'serious' }: AccessibleOptions = {},
): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    // Only violations are read: full details of every pass would take most of the run time.
    .options({ resultTypes: ['violations'] })
    .analyze();
  const blocking = results.violations.filter(
    (violation) =>
      impacts === 'all' || violation.impact === 'serious' || violation.impact === 'critical',
  );
  const summary = blocking.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes
        .slice(0, 5)
        .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`)
        .join('\n'),
  );
  expect(summary, `axe-core violations on ${page.url()}`).toEqual([]);
}
