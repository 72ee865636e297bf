/**
 * CSV as RFC 4180 writes it (decision 026): fields separated by commas, records by CRLF, a field
 * holding a comma, a double quote, CR or LF wrapped in double quotes with each quote doubled.
 * The file starts with a UTF-8 byte order mark, which spreadsheet apps need to read it as UTF-8
 * rather than the system's code page.
 */
export type Cell = string | number | boolean | null | undefined;

export const byteOrderMark = '\uFEFF';

/**
 * A spreadsheet reads a cell that starts with = + - @ (or a tab or CR, which some strip first) as
 * a formula, which may fetch addresses or run commands: such a cell gets a leading apostrophe,
 * which spreadsheets show as text (OWASP's advice for CSV injection). Numbers the export writes
 * itself are left as they are.
 */
const formulaStart = /^[=+\-@\t\r]/;

export function csvField(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRecord(cells: readonly Cell[]): string {
  return `${cells.map(csvField).join(',')}\r\n`;
}
