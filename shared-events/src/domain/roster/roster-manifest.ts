import type { FileMode, OneRosterVersion, RosterIssue } from './roster-data.ts';

/** A CSV file as read: its header and its rows by line (the header is line 1; a quoted line break moves the count). */
export interface RosterTable {
  columns: string[];
  rows: { line: number; values: Record<string, string> }[];
}

/** The zip's CSV files by name (manifest.csv, users.csv…), already decoded and parsed. */
export type RosterTables = ReadonlyMap<string, RosterTable>;

export interface Manifest {
  version: OneRosterVersion;
  modes: Record<string, FileMode>;
}

const MODES: readonly FileMode[] = ['bulk', 'delta', 'absent'];

/** The manifest's version and file modes (`file.users = delta`), or the errors that make the zip unreadable as OneRoster. */
export function readManifest(tables: RosterTables): { manifest: Manifest | null; errors: RosterIssue[] } {
  const table = tables.get('manifest.csv');
  if (!table) return { manifest: null, errors: [{ file: 'manifest.csv', line: null, message: 'manifest.csv is missing: this is not a OneRoster zip' }] };
  const missing = ['propertyName', 'value'].filter((column) => !table.columns.includes(column));
  if (missing.length > 0) return { manifest: null, errors: missing.map((column) => missingColumn('manifest.csv', column)) };
  const properties = new Map(table.rows.map((row) => [row.values.propertyName?.trim() ?? '', { line: row.line, value: row.values.value?.trim() ?? '' }]));
  const errors: RosterIssue[] = [];
  const declared = properties.get('oneroster.version');
  const version = declared?.value === '1.1' || declared?.value === '1.0' ? '1.1' : declared?.value === '1.2' ? '1.2' : null;
  if (version === null) {
    errors.push({ file: 'manifest.csv', line: declared?.line ?? null, message: 'oneroster.version must be 1.1 or 1.2' });
  }
  const modes: Record<string, FileMode> = {};
  for (const [property, { line, value }] of properties) {
    if (!property.startsWith('file.')) continue;
    const mode = value.toLowerCase() as FileMode;
    const file = `${property.slice('file.'.length)}.csv`;
    if (!MODES.includes(mode)) errors.push({ file: 'manifest.csv', line, message: `${property} must be bulk, delta or absent` });
    else if (mode !== 'absent' && !tables.has(file)) errors.push({ file, line: null, message: `${file} is listed in manifest.csv but not in the zip` });
    else modes[file] = mode;
  }
  return { manifest: version === null || errors.length > 0 ? null : { version, modes }, errors };
}

export const missingColumn = (file: string, column: string): RosterIssue => ({ file, line: 1, message: `${file} has no ${column} column` });

/** The columns an import reads in each file, per version; a file without one of them stops the import. */
export function requiredColumns(file: string, version: OneRosterVersion, mode: FileMode): string[] {
  const delta = mode === 'delta' ? ['status'] : [];
  const columns: Record<string, string[]> = {
    'orgs.csv': ['sourcedId', 'name', 'type'],
    'academicSessions.csv': ['sourcedId', 'startDate', 'endDate'],
    'courses.csv': ['sourcedId', 'title'],
    'classes.csv': ['sourcedId', 'title', 'schoolSourcedId'],
    'users.csv': version === '1.1' ? ['sourcedId', 'role', 'orgSourcedIds', 'givenName', 'familyName'] : ['sourcedId', 'givenName', 'familyName'],
    'roles.csv': ['userSourcedId', 'role', 'orgSourcedId'],
    'enrollments.csv': ['sourcedId', 'classSourcedId', 'userSourcedId', 'role'],
  };
  return [...(columns[file] ?? []), ...delta];
}
