import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetPendingAction, rememberPendingAction, takePendingAction } from './pending-action.ts';

class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

describe('a sign-in-required action waiting for the person to come back', () => {
  beforeEach(() => {
    vi.stubGlobal('window', { sessionStorage: new MemoryStorage() });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is taken once, by the screen it was left on', () => {
    rememberPendingAction(
      { kind: 'save-feeling-verse', data: { reference: 'John 3:16' } },
      '/feeling',
    );
    expect(takePendingAction('save-feeling-verse', '/feeling')).toEqual({ reference: 'John 3:16' });
    expect(takePendingAction('save-feeling-verse', '/feeling')).toBeUndefined();
  });

  it('is not taken by another kind or another screen, and is then gone', () => {
    rememberPendingAction({ kind: 'save-feeling-verse', data: 1 }, '/feeling');
    expect(takePendingAction('bookmark-chapter', '/feeling')).toBeUndefined();
    rememberPendingAction({ kind: 'save-feeling-verse', data: 1 }, '/feeling');
    expect(takePendingAction('save-feeling-verse', '/read-bible')).toBeUndefined();
  });

  it('expires after a quarter of an hour', () => {
    const now = Date.now();
    rememberPendingAction({ kind: 'save-daily-verse', data: true }, '/verse-of-day');
    expect(
      takePendingAction('save-daily-verse', '/verse-of-day', now + 16 * 60_000),
    ).toBeUndefined();
  });

  it('is forgotten at sign-out', () => {
    rememberPendingAction({ kind: 'save-daily-verse', data: true }, '/verse-of-day');
    forgetPendingAction();
    expect(takePendingAction('save-daily-verse', '/verse-of-day')).toBeUndefined();
  });

  it('ignores what is not its own shape in storage', () => {
    window.sessionStorage.setItem('grounded.pending-action', '{"kind":1}');
    expect(takePendingAction('save-daily-verse', '/verse-of-day')).toBeUndefined();
    window.sessionStorage.setItem('grounded.pending-action', 'not json');
    expect(takePendingAction('save-daily-verse', '/verse-of-day')).toBeUndefined();
  });
});
