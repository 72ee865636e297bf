import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiRequest,
  offlineReadMessage,
  offlineWriteMessage,
  unreachableWriteMessage,
} from './api-client.ts';
import { failureDescription } from './offline/failure-description.ts';

function stubOnline(onLine: boolean) {
  vi.stubGlobal('navigator', { onLine });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`Expected an ApiError, got ${String(error)}`);
  return error;
}

describe('apiRequest offline', () => {
  it('refuses a change at once while the browser is offline, saying so', async () => {
    stubOnline(false);
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const error = await failure(apiRequest('/api/journal', { method: 'POST', body: {} }));
    expect(error).toMatchObject({ status: 0, code: 'OFFLINE', message: offlineWriteMessage });
    expect(error.message).toMatch(/^You are offline/);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('still sends a read while offline (the service worker may answer it)', async () => {
    stubOnline(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ ok: true })),
    );
    await expect(apiRequest('/api/bible/John/3')).resolves.toEqual({ ok: true });
  });

  it('names an unanswered read OFFLINE when offline, NETWORK otherwise', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    stubOnline(false);
    expect(await failure(apiRequest('/api/bible/Jude/1'))).toMatchObject({
      code: 'OFFLINE',
      message: offlineReadMessage,
    });
    stubOnline(true);
    expect(await failure(apiRequest('/api/bible/Jude/1'))).toMatchObject({ code: 'NETWORK' });
  });

  it('says a change that could not be sent was not saved, even when the browser thinks it is online', async () => {
    stubOnline(true);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await failure(apiRequest('/api/saved-verses', { method: 'DELETE' }));
    expect(error).toMatchObject({ code: 'OFFLINE', message: unreachableWriteMessage });
    expect(error.message).toMatch(/^You are offline/);
  });

  it('lets an abort through as it is', async () => {
    stubOnline(true);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new DOMException('The operation was aborted.', 'AbortError');
      }),
    );
    await expect(apiRequest('/api/bible/John/3')).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('failureDescription', () => {
  it("gives the offline message for a change that was not sent, else the spec's text", () => {
    const offline = new ApiError(0, 'OFFLINE', offlineWriteMessage);
    expect(failureDescription(offline, 'There was an error saving your journal entry.')).toBe(
      offlineWriteMessage,
    );
    const refused = new ApiError(500, 'INTERNAL', 'Something went wrong.');
    expect(failureDescription(refused, 'There was an error saving your journal entry.')).toBe(
      'There was an error saving your journal entry.',
    );
  });
});
