import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '#client/test/render.tsx';
import { TopicTags } from './topic-tags.tsx';

describe('TopicTags', () => {
  it('adds a topic typed and entered, once whatever its case, and takes one off', async () => {
    const onChange = vi.fn();
    const { person, rerender } = renderWithApp(
      <TopicTags tags={['Faith']} itemName="Romans 5:20" onChange={onChange} />,
    );
    const field = screen.getByRole('textbox', { name: 'Add a topic to Romans 5:20' });
    await person.type(field, '  grace {Enter}');
    expect(onChange).toHaveBeenLastCalledWith(['Faith', 'grace']);
    expect((field as HTMLInputElement).value).toBe('');

    onChange.mockClear();
    rerender(<TopicTags tags={['Faith', 'grace']} itemName="Romans 5:20" onChange={onChange} />);
    await person.type(field, 'GRACE{Enter}');
    expect(onChange).not.toHaveBeenCalled();

    await person.click(screen.getByRole('button', { name: 'Remove the topic Faith' }));
    expect(onChange).toHaveBeenLastCalledWith(['grace']);
    expect(screen.getByRole('link', { name: 'grace' }).getAttribute('href')).toBe(
      '/topics?tag=grace',
    );
  });

  it('refuses a thirteenth topic with a message', async () => {
    const onChange = vi.fn();
    const tags = Array.from({ length: 12 }, (_, index) => `t${index}`);
    const { person } = renderWithApp(
      <TopicTags tags={tags} itemName="John 3:16" onChange={onChange} />,
    );
    await person.type(screen.getByRole('textbox'), 'one more{Enter}');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Choose at most 12 topics.');
  });
});
