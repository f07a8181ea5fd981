/** The stores a backup holds, in the order they are copied (make-backup.ts says why that order). */
export const PART_NAMES = ['read-models', 'log', 'keys', 'documents'] as const;
export type PartName = (typeof PART_NAMES)[number];

export type Facts = Record<string, string | number | null>;

/** A file of a part: where it goes under DATA_DIR (and in the archive), and where to read it from now. */
export interface ArchivedFile {
  /** Relative, with forward slashes: `events.sqlite`, `documents/<id>.bin`. */
  path: string;
  source: string;
}

export interface PartSnapshot {
  name: PartName;
  files: ArchivedFile[];
  /** Counts and positions for the manifest. */
  facts: Facts;
  /** The log's: a hash over its events in order, which a restore computes again. */
  hash?: string;
}

/**
 * One store's share of a backup, one adapter per engine: the embedded files here, PostgreSQL's tables (a dump under
 * one REPEATABLE READ transaction) beside them. `snapshot` makes a consistent copy of the store as it is now, into
 * `staging` where it must copy (a private folder the backup removes), and says what the copy holds.
 */
export interface BackupPart {
  name: PartName;
  snapshot(staging: string): Promise<PartSnapshot>;
}
