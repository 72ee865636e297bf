import { screen, within } from '@testing-library/react';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '#client/test/render.tsx';
import type { PublicTestimony } from '#shared/schemas/testimonies.ts';
import { TestimonyCard } from './testimony-card.tsx';

const now = new Date('2026-03-02T08:00:00.000Z');
const picture = '/files/pictures/q8Zr3mN0x_Tb-4kLp2WcYA-512.webp';
const lydia: PublicTestimony = {
  id: 't1',
  feeling: 'Anxious about the harvest',
  god_reminded: 'Consider the lilies',
  author_name: 'Lydia',
  author_image_url: picture,
  is_anonymous: false,
  created_at: '2026-03-01T08:00:00.000Z',
};

function authorLine() {
  return screen.getByText('Lydia', { selector: 'span' }).closest('p') as HTMLElement;
}

afterEach(() => vi.restoreAllMocks());

describe('a testimony card', () => {
  it("shows its author's picture, small (the 64 px file) and decorative beside the name", () => {
    renderWithApp(<TestimonyCard testimony={lydia} now={now} />);
    const image = authorLine().querySelector('img');
    expect(image).toHaveAttribute('src', '/files/pictures/q8Zr3mN0x_Tb-4kLp2WcYA-64.webp');
    expect(image).toHaveAttribute('alt', '');
    // alt="" keeps it out of the accessibility tree: the name says who it is.
    expect(within(authorLine()).queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows no picture without one, nor on an anonymous testimony', () => {
    const { unmount } = renderWithApp(
      <TestimonyCard testimony={{ ...lydia, author_image_url: null }} now={now} />,
    );
    expect(authorLine().querySelector('img')).toBeNull();
    unmount();

    renderWithApp(
      <TestimonyCard testimony={{ ...lydia, author_name: null, is_anonymous: true }} now={now} />,
    );
    expect(screen.getByText('Anonymous')).toBeInTheDocument();
    expect(document.querySelector('article img')).toBeNull();
  });

  it('is drawn on the server (the testimony wall) as the browser draws it', async () => {
    const card = <TestimonyCard testimony={lydia} now={now} />;
    const markup = renderToString(card);
    expect(markup).toContain('q8Zr3mN0x_Tb-4kLp2WcYA-64.webp');
    const container = document.createElement('div');
    container.innerHTML = markup;
    document.body.append(container);
    const serverPicture = container.querySelector('img');
    const consoleError = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, card, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    // Taken over as it was: a mismatch would have drawn the card anew.
    expect(container.querySelector('img')).toBe(serverPicture);
    expect(serverPicture).toHaveAttribute('referrerpolicy', 'no-referrer');
    container.remove();
  });
});
