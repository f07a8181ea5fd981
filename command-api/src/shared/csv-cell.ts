// One CSV writer for every export (the access log, the implementation log): a cell is all a CSV needs, and a
// library for it would be a dependency to keep for six lines.

/** RFC 4180 quoting; a leading =, +, - or @ is defused so a spreadsheet never runs it as a formula. */
export function csvCell(value: string | null): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows of cells as a CSV file: the header first, CRLF line ends (RFC 4180). */
export const csvOf = (rows: readonly (readonly (string | null)[])[]): string => rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
