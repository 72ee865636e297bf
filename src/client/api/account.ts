// The account resource (/api/account): the export of everything a person keeps, and deletion.
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '#client/lib/api-client.ts';
import type { DeleteAccountRequest } from '#shared/schemas/account.ts';

export type AccountExport = { blob: Blob; filename: string };

/**
 * What Settings downloads: everything as JSON, or the notes, highlights, journal and saved
 * verses as a zip of Markdown or of CSV files (decision 026).
 */
export type ExportFormat = 'json' | 'markdown' | 'csv';

const exportRequests: Record<ExportFormat, { url: string; accept: string; fallback: string }> = {
  json: { url: '/api/account/export', accept: 'application/json', fallback: 'data' },
  markdown: {
    url: '/api/account/export.zip?format=markdown',
    accept: 'application/zip',
    fallback: 'markdown',
  },
  csv: { url: '/api/account/export.zip?format=csv', accept: 'application/zip', fallback: 'csv' },
};

/** The filename the server chose (Content-Disposition), or a default for `day` ('2026-11-21'). */
export function exportFilename(
  contentDisposition: string | null,
  day: string,
  format: ExportFormat = 'json',
): string {
  const raw = contentDisposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i)?.[1] ?? '';
  let name: string;
  try {
    name = decodeURIComponent(raw);
  } catch {
    name = raw;
  }
  // A name only, never a path.
  name = name.replace(/[/\\]/g, '-').trim();
  const extension = format === 'json' ? 'json' : 'zip';
  return name || `grounded-${exportRequests[format].fallback}-${day}.${extension}`;
}

/** Fetches an export as a file (not through apiRequest: the body is kept as a Blob). */
export async function exportAccountData(format: ExportFormat = 'json'): Promise<AccountExport> {
  const { url, accept } = exportRequests[format];
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', headers: { accept } });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Network error. Please check your internet connection.');
  }
  if (!response.ok) {
    // A refusal's message (429: how long to wait) is the server's { error, message }.
    const refusal = (await response.json().catch(() => null)) as { message?: unknown } | null;
    const message = typeof refusal?.message === 'string' ? refusal.message : '';
    throw new ApiError(
      response.status,
      response.status === 429 ? 'RATE_LIMITED' : 'INTERNAL',
      message || response.statusText || 'Request failed',
    );
  }
  const day = (await import('./export-day.ts')).exportDay();
  return {
    blob: await response.blob(),
    filename: exportFilename(response.headers.get('content-disposition'), day, format),
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

export function useExportAccountData(format: ExportFormat = 'json') {
  return useMutation({
    mutationFn: () => exportAccountData(format),
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
