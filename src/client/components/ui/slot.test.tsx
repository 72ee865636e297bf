import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button.tsx';
import { Slot } from './slot.tsx';

describe('Slot (a button drawn as its child)', () => {
  it('draws a link with the button look, keeping the link’s own class', () => {
    render(
      <Button asChild size="sm">
        <a href="/auth" className="own">
          Sign In
        </a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Sign In' });
    expect(link).toHaveAttribute('href', '/auth');
    expect(link.className).toContain('rounded-full');
    expect(link.className).toContain('own');
  });

  it('runs the child’s handler, then its own, and sets both refs', async () => {
    const order: string[] = [];
    const own = createRef<HTMLButtonElement>();
    const child = createRef<HTMLButtonElement>();
    render(
      <Slot ref={own} onClick={() => order.push('slot')} aria-describedby="a">
        <button type="button" ref={child} onClick={() => order.push('child')} aria-describedby="b">
          Open
        </button>
      </Slot>,
    );
    const button = screen.getByRole('button', { name: 'Open' });
    await userEvent.click(button);
    expect(order).toEqual(['child', 'slot']);
    expect(own.current).toBe(button);
    expect(child.current).toBe(button);
    expect(button).toHaveAttribute('aria-describedby', 'a b');
  });

  it('passes its props to a child without its own', async () => {
    const onClick = vi.fn();
    render(
      <Slot onClick={onClick} data-state="closed">
        <button type="button">Menu</button>
      </Slot>,
    );
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button).toHaveAttribute('data-state', 'closed');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });
});
