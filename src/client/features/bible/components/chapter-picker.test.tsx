import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ReaderPosition } from '#shared/bible/navigation.ts';
import { BookSelect, ChapterSelect } from './chapter-picker.tsx';

/** The pickers over a reader position that moves when they choose, as the reader's does. */
function Pickers({ onChange }: { onChange: (position: ReaderPosition) => void }) {
  const [position, setPosition] = useState<ReaderPosition>({ bookIndex: 42, chapter: 3 });
  const choose = (next: ReaderPosition) => {
    onChange(next);
    setPosition(next);
  };
  return (
    <>
      <BookSelect position={position} onChange={choose} />
      <ChapterSelect position={position} onChange={choose} />
      <button type="button">Elsewhere</button>
    </>
  );
}

const book = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'Book' });
const chapter = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'Chapter' });

/** What a Windows or Linux browser does for an arrow key on a closed select. */
function arrowTo(select: HTMLSelectElement, value: string) {
  fireEvent.keyDown(select, { key: 'ArrowDown' });
  fireEvent.change(select, { target: { value } });
  fireEvent.keyUp(select, { key: 'ArrowDown' });
}

describe('the reader’s book and chapter pickers', () => {
  it('lists the 66 books by testament and the chapters of the book', () => {
    render(<Pickers onChange={vi.fn()} />);
    const groups = book().querySelectorAll('optgroup');
    expect([...groups].map((group) => group.label)).toEqual(['Old Testament', 'New Testament']);
    expect(groups[0]?.querySelectorAll('option')).toHaveLength(39);
    expect(groups[1]?.querySelectorAll('option')).toHaveLength(27);
    expect(book().selectedOptions[0]?.textContent).toBe('John');
    expect(chapter().options).toHaveLength(21);
    expect(chapter().value).toBe('3');
  });

  it('opens a book’s chapter 1, and a chapter, as soon as one is chosen from the list', () => {
    const onChange = vi.fn();
    render(<Pickers onChange={onChange} />);
    fireEvent.pointerDown(book());
    fireEvent.change(book(), { target: { value: '7' } });
    expect(onChange).toHaveBeenLastCalledWith({ bookIndex: 7, chapter: 1 });
    fireEvent.change(chapter(), { target: { value: '4' } });
    expect(onChange).toHaveBeenLastCalledWith({ bookIndex: 7, chapter: 4 });
  });

  it('only shows the chapter the arrow keys pass through, until Enter', () => {
    const onChange = vi.fn();
    render(<Pickers onChange={onChange} />);
    arrowTo(chapter(), '4');
    arrowTo(chapter(), '5');
    expect(chapter().value).toBe('5');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.keyDown(chapter(), { key: 'Enter' });
    expect(onChange).toHaveBeenCalledOnce();
    expect(onChange).toHaveBeenLastCalledWith({ bookIndex: 42, chapter: 5 });
  });

  it('takes the shown chapter back on Escape, and makes it on leaving the select', () => {
    const onChange = vi.fn();
    render(<Pickers onChange={onChange} />);
    arrowTo(chapter(), '9');
    fireEvent.keyDown(chapter(), { key: 'Escape' });
    expect(chapter().value).toBe('3');
    fireEvent.blur(chapter());
    expect(onChange).not.toHaveBeenCalled();

    arrowTo(chapter(), '8');
    fireEvent.blur(chapter());
    expect(onChange).toHaveBeenCalledOnce();
    expect(onChange).toHaveBeenLastCalledWith({ bookIndex: 42, chapter: 8 });
  });
});
