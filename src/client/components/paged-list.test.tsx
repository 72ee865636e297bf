import { screen, waitFor, within } from '@testing-library/react';
import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '#client/test/render.tsx';
import { PagedList } from './paged-list.tsx';

// happy-dom lays nothing out: every row is given a height, as a browser would measure it.
const rowHeight = 100;
let offsetHeight: PropertyDescriptor | undefined;
beforeEach(() => {
  offsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.tagName === 'LI' ? rowHeight : 0;
    },
  });
});
afterEach(() => {
  if (offsetHeight) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', offsetHeight);
});

type Row = { id: string; words: string };
const rows = (from: number, count: number): Row[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `r${from + index}`,
    words: `Row ${from + index}`,
  }));

/**
 * A list that grows by 20 rows a page, up to `pages` pages, as a screen would hold it; the
 * first `failures` requests fail (nothing comes).
 */
function GrowingList({
  pages,
  onAsk,
  failures = 0,
}: {
  pages: number;
  onAsk: () => void;
  failures?: number;
}) {
  const [asked, setAsked] = useState(0);
  const [items, setItems] = useState(() => rows(0, 20));
  const [isLoading, setIsLoading] = useState(false);
  return (
    <PagedList
      items={items}
      getKey={(row) => row.id}
      renderItem={(row) => <p>{row.words}</p>}
      estimateSize={rowHeight}
      hasMore={items.length < pages * 20}
      isLoadingMore={isLoading}
      onLoadMore={() => {
        onAsk();
        setAsked(asked + 1);
        setIsLoading(true);
        setTimeout(() => {
          if (asked >= failures) setItems((now) => [...now, ...rows(now.length, 20)]);
          setIsLoading(false);
        }, 100);
      }}
      loadMoreLabel="Load more rows"
      listLabel="Rows"
    />
  );
}

describe('a paged list', () => {
  it('draws a list that cannot grow whole, and says where each row sits in it', () => {
    renderWithApp(<GrowingList pages={1} onAsk={vi.fn()} />);
    const drawn = within(screen.getByRole('list', { name: 'Rows' })).getAllByRole('listitem');
    expect(drawn).toHaveLength(20);
    expect(drawn[0]).toHaveTextContent('Row 0');
    expect(drawn[0]).toHaveAttribute('aria-posinset', '1');
    expect(drawn[0]).toHaveAttribute('aria-setsize', '20');
    // Everything is loaded: no button.
    expect(screen.queryByRole('button', { name: 'Load more rows' })).not.toBeInTheDocument();
  });

  it('draws only the rows near the screen once the list can grow, keeping the rows it had', async () => {
    renderWithApp(<GrowingList pages={5} onAsk={vi.fn()} />);
    const list = screen.getByRole('list', { name: 'Rows' });
    const firstRow = within(list).getAllByRole('listitem')[0];
    // A 768 px window shows about eight 100 px rows; a few more are drawn on each side.
    await waitFor(
      () => {
        const drawn = within(list).getAllByRole('listitem');
        expect(drawn.length).toBeGreaterThan(5);
        expect(drawn.length).toBeLessThan(20);
      },
      { timeout: 5000 },
    );
    const drawn = within(list).getAllByRole('listitem');
    expect(drawn[0]).toHaveTextContent('Row 0');
    expect(drawn[0]).toHaveAttribute('aria-setsize', '-1');
    // The virtualizer places the same element: nothing in the row was drawn anew.
    expect(drawn[0]).toBe(firstRow);
    expect(drawn[0]).toHaveClass('absolute');
  });

  it('keeps the row holding the focus drawn when the list scrolls far from it', async () => {
    function FocusableRows() {
      const [items] = useState(() => rows(0, 60));
      return (
        <PagedList
          items={items}
          getKey={(row) => row.id}
          renderItem={(row) => <button type="button">{row.words}</button>}
          estimateSize={rowHeight}
          hasMore
          isLoadingMore={false}
          onLoadMore={vi.fn()}
          loadMoreLabel="Load more rows"
          listLabel="Rows"
        />
      );
    }
    window.scrollTo(0, 0);
    renderWithApp(<FocusableRows />);
    const list = screen.getByRole('list', { name: 'Rows' });
    await waitFor(() => expect(within(list).getAllByRole('listitem').length).toBeLessThan(20), {
      timeout: 5000,
    });
    const first = screen.getByRole('button', { name: 'Row 0' });
    first.focus();
    window.scrollTo(0, 40 * rowHeight);
    window.dispatchEvent(new Event('scroll'));
    await screen.findByRole('button', { name: 'Row 40' });
    // Far from the screen, and still in the page with the focus on it.
    expect(screen.queryByRole('button', { name: 'Row 10' })).toBeNull();
    expect(first.isConnected).toBe(true);
    expect(first).toHaveFocus();
  });

  it('loads the next page with the button, once per press, and moves the focus to the first new row', async () => {
    const onAsk = vi.fn();
    // The page asked for on reaching the end fails; the button asks again.
    const { person } = renderWithApp(<GrowingList pages={2} onAsk={onAsk} failures={1} />);
    const list = screen.getByRole('list', { name: 'Rows' });
    // More to come: the size is unknown.
    expect(within(list).getAllByRole('listitem')[0]).toHaveAttribute('aria-setsize', '-1');
    window.scrollTo(0, 20 * rowHeight);
    window.dispatchEvent(new Event('scroll'));
    await waitFor(() => expect(onAsk).toHaveBeenCalledOnce());
    const button = await screen.findByRole('button', { name: 'Load more rows' });
    // Nothing came: it is not asked for again by itself.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(onAsk).toHaveBeenCalledOnce();

    button.focus();
    await person.keyboard('{Enter}');
    // While loading, the button keeps the focus, says so, and asks nothing more.
    const busy = screen.getByRole('button', { name: 'Loading…' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(busy).toHaveFocus();
    await person.keyboard('{Enter}');
    expect(onAsk).toHaveBeenCalledTimes(2);

    await screen.findByText('Row 20');
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-index', '20'));
    expect(document.activeElement).toHaveTextContent('Row 20');
    expect(screen.queryByRole('button', { name: /Load more rows|Loading…/ })).toBeNull();
  });

  it('asks for the next page by itself near the end of what is loaded', async () => {
    const onAsk = vi.fn();
    window.scrollTo(0, 0);
    function ShortRows() {
      // Five rows fill less than the screen: the end is in view at once.
      const [items, setItems] = useState(() => rows(0, 5));
      return (
        <PagedList
          items={items}
          getKey={(row) => row.id}
          renderItem={(row) => <p>{row.words}</p>}
          estimateSize={rowHeight}
          hasMore={items.length < 10}
          isLoadingMore={false}
          onLoadMore={() => {
            onAsk();
            setItems((now) => [...now, ...rows(now.length, 5)]);
          }}
          loadMoreLabel="Load more rows"
          listLabel="Rows"
        />
      );
    }
    renderWithApp(<ShortRows />);
    await screen.findByText('Row 9', {}, { timeout: 5000 });
    expect(onAsk).toHaveBeenCalledOnce();
  });
});

describe('a paged list drawn on the server', () => {
  it('draws its first rows in the flow, and the browser takes them over without a mismatch', async () => {
    const list = <GrowingList pages={2} onAsk={vi.fn()} />;
    const markup = renderToString(list);
    const container = document.createElement('div');
    container.innerHTML = markup;
    document.body.append(container);
    const drawn = () => within(container).getAllByRole('listitem');
    // Rows one under the other (the window's size is the browser's to know), and the button.
    expect(drawn().map((row) => row.textContent)).toEqual(rows(0, 6).map((row) => row.words));
    expect(drawn()[0]?.style.position).toBe('');
    expect(within(container).getByRole('button', { name: 'Load more rows' })).toBeTruthy();

    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, list, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    // The virtualized list has taken over: rows placed where they sit in the whole list.
    await waitFor(() => expect(drawn()[0]).toHaveClass('absolute'), { timeout: 5000 });
    expect(drawn()[0]).toHaveTextContent('Row 0');
    container.remove();
  });
});
