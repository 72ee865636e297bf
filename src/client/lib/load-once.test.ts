import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from './load-once.ts';

describe('loadOnce', () => {
  it('fetches once for every caller, and hands over what came', async () => {
    const fetch = vi.fn(() => Promise.resolve({ answer: 42 }));
    const code = loadOnce(fetch);
    expect(code.loaded()).toBeUndefined();
    const [first, second] = await Promise.all([code.load(), code.load()]);
    expect(first).toBe(second);
    expect(code.loaded()).toEqual({ answer: 42 });
    await code.load();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('forgets a failure, so that the next call fetches again', async () => {
    const fetch = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue('the code');
    const code = loadOnce(fetch);
    await expect(code.load()).rejects.toThrow('Failed to fetch');
    expect(code.loaded()).toBeUndefined();
    expect(await code.load()).toBe('the code');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('preloads ahead of need, leaving a failure to the next load', async () => {
    const fetch = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue('the code');
    const code = loadOnce(fetch);
    code.preload();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(code.loaded()).toBeUndefined();
    code.preload();
    await vi.waitFor(() => expect(code.loaded()).toBe('the code'));
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
