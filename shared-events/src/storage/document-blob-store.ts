/**
 * Where uploaded documents' bytes live. Events record only their name, type,
 * size and hash; the bytes stay in a store that can be erased.
 */
export interface DocumentBlobStore {
  /** Durable once it resolves; writing an existing id replaces its bytes. */
  put(id: string, bytes: Buffer): Promise<void>;
  get(id: string): Promise<Buffer | null>;
  /** Deleting an id that does not exist is not an error; an unfinished write of the id goes too. */
  delete(id: string): Promise<void>;
  /**
   * What a crash can leave behind (files under DATA_DIR only): the ids of the stored blobs and the unfinished writes,
   * last written before `before`, for the start-up sweep. GridFS has none: an upload there is one insert.
   */
  leftovers?(before: Date): Promise<{ ids: string[]; unfinished: string[] }>;
  /** Removes an unfinished write named by `leftovers`. */
  removeUnfinished?(name: string): Promise<void>;
  close(): Promise<void>;
}

const BLOB_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** Ids become file names and GridFS names; anything else is a programming error, never a path. */
export function assertBlobId(id: string): void {
  if (!BLOB_ID.test(id)) throw new Error('Invalid document blob id');
}
