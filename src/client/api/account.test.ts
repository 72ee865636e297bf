import { describe, expect, it } from 'vitest';
import { exportFilename } from './account.ts';

describe('exportFilename', () => {
  it("uses the server's filename, or today's default", () => {
    expect(
      exportFilename('attachment; filename="grounded-data-2025-03-04.json"', '2025-01-09'),
    ).toBe('grounded-data-2025-03-04.json');
    expect(exportFilename(null, '2025-01-09')).toBe('grounded-data-2025-01-09.json');
    expect(exportFilename('attachment; filename="../../etc/passwd"', '2025-01-09')).toBe(
      '..-..-etc-passwd',
    );
    expect(exportFilename(null, '2025-01-09', 'markdown')).toBe('grounded-markdown-2025-01-09.zip');
    expect(exportFilename(null, '2025-01-09', 'csv')).toBe('grounded-csv-2025-01-09.zip');
  });
});
