/**
 * Where uploaded documents' bytes live. Events record only their name, type,
 * size and hash; the bytes stay in a store that can be erased.
 */
export interface DocumentBlobStore {
  /** Durable once it resolves; writing an existing id replaces its bytes. */
  put(id: string, bytes: Buffer): Promise<void>;
  get(id: string): Promise<Buffer | null>;
  /** Deleting an id that does not exist is not an error. */
  delete(id: string): Promise<void>;
  close(): Promise<void>;
}

const BLOB_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** Ids become file names and GridFS names; anything else is a programming error, never a path. */
export function assertBlobId(id: string): void {
  if (!BLOB_ID.test(id)) throw new Error('Invalid document blob id');
}
