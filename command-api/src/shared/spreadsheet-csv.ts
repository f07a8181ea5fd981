import { stringify } from 'csv-stringify/sync';

/** A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR) is defused with a leading apostrophe. */
const defused = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/**
 * A CSV file for a spreadsheet: RFC 4180 quoting and CRLF lines by csv-stringify (maintained, and it quotes what
 * needs quoting: commas, quotes, line breaks in a teacher's description), every cell defused.
 */
export function spreadsheetCsv(columns: readonly string[], rows: readonly (readonly (string | null)[])[]): string {
  return stringify([columns, ...rows.map((row) => row.map((cell) => defused(cell ?? '')))], { record_delimiter: 'windows' });
}
