import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NoteForm } from './note-form.tsx';

function renderForm(initial?: { text: string; tags: string[] }) {
  const onSubmit = vi.fn();
  const person = userEvent.setup();
  render(
    <NoteForm
      {...(initial ? { initial } : {})}
      reference="John 3:16"
      submitLabel="Save Note"
      isPending={false}
      onSubmit={onSubmit}
      onCancel={() => undefined}
    />,
  );
  return { onSubmit, person };
}

describe('the note form', () => {
  it('counts the characters and refuses a note past 5,000 of them', async () => {
    const { onSubmit, person } = renderForm();
    const text = screen.getByRole('textbox', { name: 'Your note on John 3:16' });
    await person.click(text);
    await person.paste('a'.repeat(4_999));
    expect(screen.getByText('4,999 / 5,000 characters')).toBeTruthy();
    expect(screen.queryByText('A note can be at most 5,000 characters.')).toBeNull();
    await person.type(text, 'bc');
    expect(screen.getByText('5,001 / 5,000 characters')).toBeTruthy();
    expect(screen.getByText('A note can be at most 5,000 characters.').getAttribute('role')).toBe(
      'alert',
    );
    expect(text.getAttribute('aria-invalid')).toBe('true');
    await person.click(screen.getByRole('button', { name: 'Save Note' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await person.type(text, '{Backspace}');
    await person.click(screen.getByRole('button', { name: 'Save Note' }));
    expect(onSubmit).toHaveBeenCalledWith({ text: `${'a'.repeat(4_999)}b`, tags: [] });
  });

  it('asks for words before saving, and keeps line breaks', async () => {
    const { onSubmit, person } = renderForm();
    await person.click(screen.getByRole('button', { name: 'Save Note' }));
    expect(screen.getByText('Please write something before saving your note.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    await person.type(
      screen.getByRole('textbox', { name: 'Your note on John 3:16' }),
      'Loved.{Enter}Given.',
    );
    await person.click(screen.getByRole('button', { name: 'Save Note' }));
    expect(onSubmit).toHaveBeenCalledWith({ text: 'Loved.\nGiven.', tags: [] });
  });

  it('adds tags by the journal’s rules: once whatever the case, at most 30 characters', async () => {
    const { onSubmit, person } = renderForm({ text: 'Grace.', tags: ['grace'] });
    const tag = screen.getByRole('textbox', { name: 'Tags (optional)' });
    await person.type(tag, 'Love{Enter}');
    await person.type(tag, 'GRACE{Enter}');
    const list = screen.getByRole('list', { name: 'Tags of this note' });
    expect(list.textContent).toBe('graceLove');
    await person.type(tag, `${'x'.repeat(31)}{Enter}`);
    expect(screen.getByText('A tag is 1 to 30 characters.')).toBeTruthy();
    await person.clear(tag);
    await person.click(screen.getByRole('button', { name: 'Remove tag grace' }));
    // A tag typed but not added goes with the note.
    await person.type(tag, 'hope');
    await person.click(screen.getByRole('button', { name: 'Save Note' }));
    expect(onSubmit).toHaveBeenCalledWith({ text: 'Grace.', tags: ['Love', 'hope'] });
  });

  it('takes at most twelve tags', async () => {
    const tags = Array.from({ length: 12 }, (_, index) => `t${index}`);
    const { person } = renderForm({ text: 'Many.', tags });
    await person.type(screen.getByRole('textbox', { name: 'Tags (optional)' }), 'one more{Enter}');
    expect(screen.getByText('Choose at most 12 tags.')).toBeTruthy();
  });
});
