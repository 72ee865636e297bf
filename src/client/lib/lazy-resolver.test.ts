import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazyZodResolver } from './lazy-resolver.ts';
import { notify } from './notify.ts';

vi.mock('./notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

beforeEach(() => vi.clearAllMocks());

const nameSchema = z.object({ name: z.string().trim().min(1, 'Enter your name.') });
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('lazyZodResolver', () => {
  it('checks with the schema it loads, and loads it once', async () => {
    const load = vi.fn(() => Promise.resolve(nameSchema));
    const resolver = lazyZodResolver(load);
    expect(load).not.toHaveBeenCalled();

    const missing = await resolver({ name: '  ' }, undefined, options);
    expect(missing.errors).toMatchObject({ name: { message: 'Enter your name.' } });
    const valid = await resolver({ name: ' Ruth ' }, undefined, options);
    expect(valid).toEqual({ values: { name: 'Ruth' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('hands the values on as typed with raw', async () => {
    const resolver = lazyZodResolver(() => Promise.resolve(nameSchema), { raw: true });
    expect(await resolver({ name: ' Ruth ' }, undefined, options)).toEqual({
      values: { name: ' Ruth ' },
      errors: {},
    });
  });

  it('fetches before the first check when preloaded', async () => {
    const load = vi.fn(() => Promise.resolve(nameSchema));
    const resolver = lazyZodResolver(load);
    resolver.preload();
    expect(load).toHaveBeenCalledTimes(1);
    await resolver({ name: 'Ruth' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fails the check with a message when the code cannot come, and tries again next time', async () => {
    const load = vi
      .fn<() => Promise<typeof nameSchema>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(nameSchema);
    const resolver = lazyZodResolver(load);

    const failed = await resolver({ name: 'Ruth' }, undefined, options);
    expect(failed.values).toEqual({});
    expect(failed.errors).toMatchObject({
      root: { message: expect.stringContaining('could not load') },
    });
    expect(notify.error).toHaveBeenCalledWith('Could not check the form', expect.any(String));

    expect(await resolver({ name: 'Ruth' }, undefined, options)).toEqual({
      values: { name: 'Ruth' },
      errors: {},
    });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
