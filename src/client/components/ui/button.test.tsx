import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Save } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button.tsx';

describe('Button', () => {
  it('runs its action when pressed', async () => {
    const onClick = vi.fn();
    render(
      <Button icon={<Save aria-hidden="true" />} onClick={onClick}>
        Save Entry
      </Button>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save Entry' }));
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('while busy, says what it is doing and cannot be pressed again', async () => {
    const onClick = vi.fn();
    render(
      <Button isBusy busyLabel="Saving…" onClick={onClick}>
        Save Entry
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Saving…' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('keeps its text while busy when no busy label is given', () => {
    render(<Button isBusy>Send again</Button>);
    expect(screen.getByRole('button', { name: 'Send again' })).toBeDisabled();
  });
});
