import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '#client/lib/theme.tsx';
import { renderWithApp } from '#client/test/render.tsx';
import { Header } from './header.tsx';

const notify = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), error: vi.fn() }));
vi.mock('#client/lib/notify.ts', () => ({ notify }));

// The menus' content is a chunk of its own (header-panels.ts): the first fetch fails here,
// as it would with the network gone, and the next one succeeds.
const chunk = vi.hoisted(() => ({ failNext: false }));
vi.mock('./header-panels.lazy.tsx', async (importOriginal) => {
  if (chunk.failNext) {
    chunk.failNext = false;
    throw new Error('Failed to fetch dynamically imported module');
  }
  return importOriginal();
});

function drawHeader() {
  return renderWithApp(
    <ThemeProvider>
      <Header />
    </ThemeProvider>,
    { user: null },
  );
}

describe('the header menus, whose content comes after the page', () => {
  afterEach(() => vi.clearAllMocks());

  // First: once the chunk has come, it stays for the rest of the file.
  it('a chunk that cannot be fetched: a toast says so, the menu closes, and opens next time', async () => {
    chunk.failNext = true;
    const { person } = drawHeader();
    const theme = screen.getByRole('button', { name: 'Theme' });
    await person.click(theme);
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(
        'Could not open this',
        'Please check your connection and try again.',
      ),
    );
    expect(theme).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await person.click(theme);
    expect(await screen.findByRole('menuitemradio', { name: 'Dark' })).toBeInTheDocument();
    expect(theme).toHaveAttribute('aria-expanded', 'true');
  });

  it('a menu opened from the keyboard gets its items and focus once they have come', async () => {
    const { person } = drawHeader();
    screen.getByRole('button', { name: 'Explore' }).focus();
    await person.keyboard('{Enter}');
    const feeling = await screen.findByRole('menuitem', { name: "How You're Feeling" });
    await waitFor(() => expect(feeling).toHaveFocus());
    await person.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Groups' })).toHaveFocus();
    await person.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Explore' })).toHaveFocus();
  });
});
