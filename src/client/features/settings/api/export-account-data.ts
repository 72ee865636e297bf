import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { exportFilename } from '../lib/settings-values.ts';

export type AccountExport = { blob: Blob; filename: string };

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
