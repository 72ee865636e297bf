import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Save } from 'lucide-react';
import { createRef } from 'react';
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

  describe('asChild', () => {
    it("gives its one child the button's look, the child's own classes after it", () => {
      render(
        <Button asChild size="sm" className="w-full">
          <a href="/auth" className="italic">
            Sign In
          </a>
        </Button>,
      );
      const link = screen.getByRole('link', { name: 'Sign In' });
      expect(link).toHaveAttribute('href', '/auth');
      expect(link).toHaveClass('rounded-full', 'h-9', 'w-full', 'italic');
      expect(screen.queryByRole('button')).toBeNull();
    });

    it("runs the child's handler, then the one it was given, and keeps the child's own props", async () => {
      const calls: string[] = [];
      render(
        <Button
          asChild
          aria-label="given"
          title="given"
          onClick={() => calls.push('given')}
          style={{ color: 'red', margin: 1 }}
        >
          <a
            href="#here"
            title="own"
            onClick={(event) => {
              event.preventDefault();
              calls.push('own');
            }}
            style={{ color: 'blue' }}
          >
            Go
          </a>
        </Button>,
      );
      const link = screen.getByRole('link', { name: 'given' });
      await userEvent.click(link);
      expect(calls).toEqual(['own', 'given']);
      expect(link).toHaveAttribute('title', 'own');
      expect(link.style.color).toBe('blue');
      expect(link.style.margin).toBe('1px');
    });

    it('sets both refs, the one it was given and the child’s', () => {
      const given = createRef<HTMLAnchorElement>();
      const own = createRef<HTMLAnchorElement>();
      render(
        <Button asChild ref={given as never}>
          <a href="/plans" ref={own}>
            Plans
          </a>
        </Button>,
      );
      const link = screen.getByRole('link', { name: 'Plans' });
      expect(given.current).toBe(link);
      expect(own.current).toBe(link);
    });
  });
});
