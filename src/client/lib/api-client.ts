import { isErrorCode, type ErrorCode } from '#shared/errors.ts';

/**
 * An error the API answered with, or status 0 when no answer came: code 'OFFLINE' when the
 * device is offline or a change could not be sent, 'NETWORK' when a read could not reach us.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'NETWORK' | 'OFFLINE';

  constructor(status: number, code: ErrorCode | 'NETWORK' | 'OFFLINE', message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type RequestOptions = {
  method?: Method;
  body?: unknown;
  /** Bytes sent as they are instead of a JSON body (a picture), with the Blob's own type. */
  rawBody?: Blob;
  signal?: AbortSignal;
};

async function readError(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as { error?: unknown; message?: unknown };
    const code = isErrorCode(body.error) ? body.error : 'INTERNAL';
    const message = typeof body.message === 'string' ? body.message : response.statusText;
    return new ApiError(response.status, code, message);
  } catch {
    return new ApiError(response.status, 'INTERNAL', response.statusText || 'Request failed');
  }
}

export const offlineWriteMessage =
  'You are offline. Nothing was saved: please try again when you are back online.';
export const unreachableWriteMessage =
  'You are offline, or Grounded cannot be reached. Nothing was saved: please try again in a moment.';
export const offlineReadMessage =
  'You are offline. This needs a connection: please try again when you are back online.';

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * Why no answer came. A change that was not sent says so plainly ('You are offline…'), so the
 * screen can keep what was typed and nothing is lost without the person knowing.
 */
function noAnswerError(method: Method): ApiError {
  if (method !== 'GET') {
    return new ApiError(0, 'OFFLINE', isOffline() ? offlineWriteMessage : unreachableWriteMessage);
  }
  if (isOffline()) return new ApiError(0, 'OFFLINE', offlineReadMessage);
  return new ApiError(0, 'NETWORK', 'Network error. Please check your internet connection.');
}

/** Calls our JSON API (a request may send raw bytes: rawBody); throws ApiError with the server's { error, message } on failure. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, rawBody, signal } = options;
  // Reads still go out: the service worker may answer them from its caches.
  if (method !== 'GET' && isOffline()) throw noAnswerError(method);
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: rawBody
        ? { accept: 'application/json', 'content-type': rawBody.type || 'application/octet-stream' }
        : body === undefined
          ? { accept: 'application/json' }
          : {
              accept: 'application/json',
              'content-type': 'application/json',
            },
      body: rawBody ?? (body === undefined ? null : JSON.stringify(body)),
      signal: signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw noAnswerError(method);
  }
  if (!response.ok) throw await readError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/**
 * Deletes what `path` names. A 404 means it is already gone (removed in another tab, say): what
 * the person asked for is done, so it is not an error.
 */
export async function apiDelete(path: string): Promise<void> {
  try {
    await apiRequest<void>(path, { method: 'DELETE' });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return;
    throw error;
  }
}
