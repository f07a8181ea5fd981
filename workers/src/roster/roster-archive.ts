import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { ROSTER_FILES, type RosterIssue } from '@accommodate/shared-events/domain/roster/roster-data';
import type { RosterTable } from '@accommodate/shared-events/domain/roster/roster-manifest';
import { ROSTER_UNPACKED_MAX_BYTES } from '@accommodate/shared-events/schemas/roster';

/** The files an import reads; any other entry (demographics, results…) is never unpacked. */
const READ = new Set<string>(['manifest.csv', ...ROSTER_FILES]);
/** CSV compresses well, but not a thousandfold: an entry that unpacks beyond this ratio is a zip bomb. */
const MAX_RATIO = 200;
/** Below this, a ratio proves nothing (a file of one repeated line). */
const RATIO_FLOOR_BYTES = 1024 * 1024;

export interface RosterArchive {
  tables: Map<string, RosterTable>;
  errors: RosterIssue[];
}

const zipError = (message: string): RosterArchive => ({ tables: new Map(), errors: [{ file: 'zip', line: null, message }] });

/**
 * UTF-8 (with or without its BOM) where the bytes are valid UTF-8; otherwise Windows-1252, what Excel on Windows
 * writes. iconv-lite decodes it: Node's TextDecoder reads the 'windows-1252' label as ISO-8859-1, so 0x80–0x9F (’ “ ” –)
 * would come out as control characters.
 */
export function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return iconv.decode(bytes, 'win1252');
  }
}

/** A CSV file's header and rows, each row with the line it ends on (quoted commas, CRLF and quoted line breaks allowed). */
/** A row as csv-parse gives it with `info: true`, which its types do not describe: the fields and the line it ends on. */
type RowWithLine = { record: string[]; info: { lines: number } };

const isRowWithLine = (row: unknown): row is RowWithLine =>
  typeof row === 'object' &&
  row !== null &&
  'record' in row &&
  Array.isArray(row.record) &&
  row.record.every((field) => typeof field === 'string') &&
  'info' in row &&
  typeof row.info === 'object' &&
  row.info !== null &&
  'lines' in row.info &&
  typeof row.info.lines === 'number';

export function readCsv(text: string): RosterTable {
  const records: unknown[] = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, relax_quotes: true, info: true });
  if (!records.every(isRowWithLine)) throw new Error('The CSV reader gave rows without their line numbers');
  const [header, ...rows] = records;
  const columns = (header?.record ?? []).map((column) => column.trim());
  return {
    columns,
    rows: rows.map(({ record, info }) => ({ line: info.lines, values: Object.fromEntries(columns.map((column, at) => [column, record[at] ?? ''])) })),
  };
}

const openZip = (bytes: Buffer) =>
  new Promise<ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: true, decodeStrings: true }, (error, zip) => (error ? reject(error) : resolve(zip))),
  );

function readEntry(zip: ZipFile, entry: Entry, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(error);
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        // validateEntrySizes stops a lying header too; this stops a stream that goes on past what we allow.
        if (size > limit) stream.destroy(new Error('too large'));
        else chunks.push(chunk);
      });
      stream.on('error', reject);
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}

/**
 * The roster files of an uploaded zip, parsed. Never throws: a zip that cannot be read, a zip bomb (too much unpacked,
 * or an entry packed beyond any CSV's ratio), an entry named outside the zip ('../', an absolute path: yauzl refuses
 * it) are each one clear error, and nothing is imported.
 */
export async function readRosterArchive(bytes: Buffer): Promise<RosterArchive> {
  let zip: ZipFile;
  try {
    zip = await openZip(bytes);
  } catch {
    return zipError('The file is not a zip archive that can be read');
  }
  const tables = new Map<string, RosterTable>();
  const seen = new Set<string>();
  let unpacked = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', resolve);
      zip.on('entry', (entry: Entry) => {
        const name = entry.fileName.split('/').pop() ?? '';
        if (entry.fileName.endsWith('/') || !READ.has(name)) return zip.readEntry();
        // Two users.csv (one in a sub-folder): which is the SIS's is a guess the import must not make.
        if (seen.has(name)) return reject(new AmbiguousError(name));
        seen.add(name);
        const declared = entry.uncompressedSize;
        if (unpacked + declared > ROSTER_UNPACKED_MAX_BYTES) return reject(new BombError());
        if (declared > RATIO_FLOOR_BYTES && declared > entry.compressedSize * MAX_RATIO) return reject(new BombError());
        readEntry(zip, entry, ROSTER_UNPACKED_MAX_BYTES - unpacked)
          .then((content) => {
            unpacked += content.length;
            try {
              tables.set(name, readCsv(decodeText(content)));
            } catch (error) {
              return reject(new CsvFileError(name, error));
            }
            zip.readEntry();
          })
          .catch(reject);
      });
      zip.readEntry();
    });
  } catch (error) {
    if (error instanceof BombError) return zipError('The zip unpacks to far more than a roster: it was not imported');
    if (error instanceof AmbiguousError) return zipError(`The zip holds ${error.file} more than once (in different folders): export one roster per zip and upload it again`);
    if (error instanceof Error && /invalid (relative path|characters in fileName)|absolute path/.test(error.message)) {
      return zipError('The zip has an entry whose name points outside it: it was not imported');
    }
    if (error instanceof CsvFileError) return { tables: new Map(), errors: [{ file: error.file, line: error.line, message: `${error.file} is not valid CSV` }] };
    return zipError('The zip is damaged and could not be read');
  } finally {
    zip.close();
  }
  return { tables, errors: [] };
}

class BombError extends Error {}

class AmbiguousError extends Error {
  constructor(readonly file: string) {
    super('ambiguous archive');
  }
}

class CsvFileError extends Error {
  readonly line: number | null;
  constructor(
    readonly file: string,
    cause: unknown,
  ) {
    super('not valid CSV');
    const lines = typeof cause === 'object' && cause !== null && 'lines' in cause ? cause.lines : null;
    this.line = typeof lines === 'number' ? lines : null;
  }
}
