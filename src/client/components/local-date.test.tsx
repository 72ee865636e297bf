import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalDate } from './local-date.tsx';

// 03:30 UTC on the 21st is still the 20th in Los Angeles.
const iso = '2026-11-21T03:30:00.000Z';
beforeEach(() => {
  vi.stubEnv('TZ', 'America/Los_Angeles');
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('LocalDate', () => {
  it('draws the UTC day on the server, then the reader’s own day, with no mismatch', async () => {
    const markup = renderToString(<LocalDate iso={iso} pattern="MMM d, yyyy" />);
    expect(markup).toContain('Nov 21, 2026');
    expect(markup).toContain(`dateTime="${iso}"`);

    const container = document.createElement('div');
    container.innerHTML = markup;
    document.body.append(container);
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, <LocalDate iso={iso} pattern="MMM d, yyyy" />, {
        onRecoverableError: recoverable,
      });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(container.textContent).toBe('Nov 20, 2026');
    container.remove();
  });
});
