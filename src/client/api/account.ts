// The account resource (/api/account): the export of everything a person keeps, and deletion.
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '#client/lib/api-client.ts';
import { isoDay } from '#client/lib/dates.ts';
import type { DeleteAccountRequest } from '#shared/schemas/account.ts';

export type AccountExport = { blob: Blob; filename: string };

/** The filename the server chose (Content-Disposition), or today's default. */
export function exportFilename(contentDisposition: string | null, today = new Date()): string {
  const raw = contentDisposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i)?.[1] ?? '';
  let name: string;
  try {
    name = decodeURIComponent(raw);
  } catch {
    name = raw;
  }
  // A name only, never a path.
  name = name.replace(/[/\\]/g, '-').trim();
  return name || `grounded-data-${isoDay(today)}.json`;
}

/** Fetches the JSON export as a file (not through apiRequest: the body is kept as a Blob). */
export async function exportAccountData(): Promise<AccountExport> {
  let response: Response;
  try {
    response = await fetch('/api/account/export', {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Network error. Please check your internet connection.');
  }
  if (!response.ok) {
    throw new ApiError(response.status, 'INTERNAL', response.statusText || 'Request failed');
  }
  return {
    blob: await response.blob(),
    filename: exportFilename(response.headers.get('content-disposition')),
  };
}

/** Hands a file to the browser's download manager; the object URL is released afterwards. */
export function saveFile({ blob, filename }: AccountExport): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns; give them a moment before revoking.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function useExportAccountData() {
  return useMutation({
    mutationFn: exportAccountData,
    onSuccess: saveFile,
  });
}

export function deleteAccount(body: DeleteAccountRequest): Promise<void> {
  return apiRequest<void>('/api/account', { method: 'DELETE', body });
}

/**
 * Deletes the account. The caller leaves the page before clearing the session (useSetSession),
 * so the protected route does not redirect to /auth first.
 */
export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
