import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '#client/test/render.tsx';
import type { LastVisit } from '#shared/schemas/last-visit.ts';
import { LastVisitLine } from './last-visit-line.tsx';

const now = new Date('2026-06-04T09:00:00.000Z');
const none = { count: 0, verses: [] };

function visit(changes: Partial<LastVisit> = {}): LastVisit {
  return {
    book_name: 'John',
    chapter_number: 3,
    last_visit_at: '2026-06-01T09:00:00.000Z',
    highlights: none,
    notes: none,
    memorizing: none,
    prayers: none,
    journal: none,
    ...changes,
  };
}

describe('LastVisitLine', () => {
  it('says when the chapter was last read, and links to what was left there', async () => {
    const { person } = renderWithApp(
      <LastVisitLine
        now={now}
        visit={visit({
          highlights: { count: 2, verses: [5, 16] },
          notes: { count: 1, verses: [16] },
          memorizing: { count: 1, verses: [16] },
          prayers: { count: 2, verses: [16, 17] },
          journal: { count: 1, verses: [3] },
        })}
      />,
      { route: '/read-bible?book=John&chapter=3' },
    );
    const line = screen.getByTestId('last-visit');
    expect(line).toHaveTextContent(
      'You were last here 3 days ago · , 2 highlights · , 1 note · , learning 1 verse · , 1 journal entry · , 2 prayers',
    );
    expect(screen.getByRole('link', { name: '1 journal entry' })).toHaveAttribute(
      'href',
      '/journal-entries',
    );
    expect(screen.getByRole('link', { name: '2 prayers' })).toHaveAttribute('href', '/prayer');
    expect(screen.getByRole('link', { name: '2 highlights' })).toHaveAttribute(
      'href',
      '/read-bible?book=John&chapter=3',
    );
    expect(screen.getByRole('link', { name: '1 note' })).toHaveAttribute(
      'href',
      '/notes?book=John',
    );
    expect(screen.getByRole('link', { name: 'learning 1 verse' })).toHaveAttribute(
      'href',
      '/memorize',
    );
    // Each part is reached with Tab, in the order it is read.
    await person.tab();
    expect(screen.getByRole('link', { name: '2 highlights' })).toHaveFocus();
    await person.tab();
    expect(screen.getByRole('link', { name: '1 note' })).toHaveFocus();
  });

  it('names only what is there, in the plural where there are several', () => {
    renderWithApp(
      <LastVisitLine
        now={now}
        visit={visit({
          last_visit_at: '2026-06-04T06:00:00.000Z',
          notes: { count: 3, verses: [1, 2, 16] },
          memorizing: { count: 4, verses: [1, 2, 3] },
        })}
      />,
    );
    expect(screen.getByTestId('last-visit').textContent?.replace(/ · , /g, ' · ')).toBe(
      'You were last here 3 hours ago · 3 notes · learning 4 verses',
    );
    expect(screen.queryByRole('link', { name: /highlight/ })).toBeNull();
  });

  it('draws nothing for a chapter not visited before', () => {
    const { container } = renderWithApp(
      <LastVisitLine now={now} visit={visit({ last_visit_at: null })} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
