import { describe, expect, it } from 'vitest';
import { exportFilename } from './account.ts';

describe('exportFilename', () => {
  it("uses the server's filename, or today's default", () => {
    expect(exportFilename('attachment; filename="grounded-data-2025-03-04.json"')).toBe(
      'grounded-data-2025-03-04.json',
    );
    expect(exportFilename(null, new Date(2025, 0, 9))).toBe('grounded-data-2025-01-09.json');
    expect(exportFilename('attachment; filename="../../etc/passwd"')).toBe('..-..-etc-passwd');
    expect(exportFilename(null, new Date(2025, 0, 9), 'markdown')).toBe(
      'grounded-markdown-2025-01-09.zip',
    );
    expect(exportFilename(null, new Date(2025, 0, 9), 'csv')).toBe('grounded-csv-2025-01-09.zip');
  });
});
