import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exploreDestinations } from '#shared/site-routes.ts';
import { Footer } from './footer.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the footer', () => {
  it('links every destination of the Explore menu, named as there', () => {
    // The footer's verse is asked for and never answered here: the links are what is looked at.
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    const queries = new QueryClient();
    render(
      <QueryClientProvider client={queries}>
        <MemoryRouter>
          <Footer />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const footer = screen.getByRole('contentinfo');
    for (const { label, path } of exploreDestinations) {
      expect(within(footer).getByRole('link', { name: label })).toHaveAttribute('href', path);
    }
  });
});
