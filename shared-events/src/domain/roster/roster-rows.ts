import type { FileMode, RowStatus } from './roster-data.ts';
import type { RosterTable } from './roster-manifest.ts';

/** A file's rows, once its columns and sourcedIds are checked, with what reading them found. */
export interface FileRows {
  file: string;
  mode: FileMode;
  rows: RosterTable['rows'];
}

export interface Issues {
  error(file: string, line: number | null, message: string): void;
  warn(file: string, line: number | null, message: string): void;
}

export const value = (values: Record<string, string>, column: string): string => values[column]?.trim() ?? '';

/** The row's status: absent in a bulk file is active; 1.0's 'inactive' is 1.1's tobedeleted. */
export function rowStatus(file: FileRows, row: FileRows['rows'][number], issues: Issues): RowStatus | null {
  const status = value(row.values, 'status').toLowerCase();
  if (status === '' || status === 'active') return 'active';
  if (status === 'tobedeleted' || status === 'inactive') return 'tobedeleted';
  issues.error(file.file, row.line, `status must be active or tobedeleted`);
  return null;
}

