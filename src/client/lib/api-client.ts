import { isErrorCode, type ErrorCode } from '../../shared/errors.ts';

/** An error the API answered with, or a network failure (status 0, code 'NETWORK'). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'NETWORK';

  constructor(status: number, code: ErrorCode | 'NETWORK', message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
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

/** Calls our JSON API; throws ApiError with the server's { error, message } on failure. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal } = options;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : {
              accept: 'application/json',
              'content-type': 'application/json',
            },
      body: body === undefined ? null : JSON.stringify(body),
      signal: signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', 'Network error. Please check your internet connection.');
  }
  if (!response.ok) throw await readError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
