import { expect, it } from 'vitest';

it('turns off the eval-based parsers of zod, which the CSP forbids', async () => {
  await import('./zod-config.ts');
  const { config } = await import('zod/v4/core');
  expect(config().jitless).toBe(true);
});
