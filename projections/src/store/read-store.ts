import type { Position } from '@accommodate/shared-events/events/envelope';

/**
 * Every read-model document has a string id. A type literal, not an interface: a document is a plain JSON
 * object, so (as with any type literal) it reads as a record of its fields where a filter looks one up by name.
 */
export type Doc = { id: string };

/**
 * Equality filter on top-level fields. Where the document's field is an array,
 * the filter matches when the array contains the value (as in MongoDB).
 */
export type Filter = Readonly<Record<string, string | number | boolean | null>>;

export interface FindOptions {
  sort?: { field: string; direction: 'asc' | 'desc' };
  limit?: number;
  skip?: number;
}

/** Read access to one logical collection; resolves to the active build behind the scenes. */
export interface Collection<T extends Doc> {
  get(id: string): Promise<T | null>;
  find(filter?: Filter, options?: FindOptions): Promise<T[]>;
  count(filter?: Filter): Promise<number>;
}

/** A mutable collection for state that is not projected from events (sessions, credentials). */
export interface StateCollection<T extends Doc> extends Collection<T> {
  put(doc: T): Promise<void>;
  delete(id: string): Promise<void>;
  /**
   * Removes the document and returns it, atomically: of two takes of one id at once, one gets it and the other null
   * (a single-use token spent twice at the same moment works once).
   */
  take(id: string): Promise<T | null>;
}

export type Write =
  | { kind: 'put'; collection: string; doc: Doc }
  | { kind: 'delete'; collection: string; id: string };

/** Identifies one build of one projection: a version and a generation that a rebuild increments. */
export interface BuildRef {
  projection: string;
  version: number;
  build: string;
}

export interface ActiveBuild extends BuildRef {
  checkpoint: Position | null;
  /**
   * The checkpoint of the last commit that wrote documents (null before any). Every event moves every projection's
   * checkpoint, handled or not; what a read of this build answers changes only with this.
   */
  changedAt: Position | null;
  /** The same per collection of the build: a read of one collection answers the same until its own moves. */
  collectionsChangedAt: Readonly<Record<string, Position | null>>;
}

export interface ReadStore {
  /** Logical collection, read from the projection's active build. */
  collection<T extends Doc>(name: string): Collection<T>;

  /** Collection of one specific build (used while a build is being made and by tests). */
  buildCollection<T extends Doc>(build: BuildRef, name: string): Collection<T>;

  state<T extends Doc>(name: string): StateCollection<T>;

  /**
   * Applies writes to a build's collections and moves its checkpoint, atomically
   * wherever the engine allows (one SQLite transaction; one MongoDB transaction).
   */
  commit(build: BuildRef, writes: readonly Write[], checkpoint: Position): Promise<void>;

  checkpoint(build: BuildRef): Promise<Position | null>;

  /** The build currently serving reads for a projection, if any. */
  activeBuild(projection: string): Promise<ActiveBuild | null>;

  /**
   * A token that changes whenever anything in the store may have changed, through this store or any other
   * connection (another process), and that costs less to ask than a read. What was read under one token
   * may be kept while the token stays the same. Absent where the engine cannot tell (MongoDB without a
   * change stream): nothing is kept there.
   */
  changeStamp?(): string;

  /**
   * Resolves at the next commit into the read models by any process, or after `timeoutMs`, where the store is told of
   * other processes' commits (PostgreSQL's notifications); whoever waits for a checkpoint polls otherwise.
   */
  nextChange?(timeoutMs: number): Promise<void>;

  /** Every projection's active checkpoint in one read, where the store can (one query instead of one per projection). */
  activeCheckpoints?(): Promise<ReadonlyMap<string, Position | null>>;

  /**
   * After an erasure: copies of rows deleted since the last call no longer survive in the store's files (the embedded
   * store's WAL, PostgreSQL's dead row versions). Absent where the engine keeps no such copies within our reach.
   */
  scrubDeleted?(): Promise<void>;

  /**
   * Registers a build and its collections (empty). The build does not serve
   * reads until `activate`. `bulkLoad`: only this process writes the build until `finishBuild`
   * (a replay into it), so a store may defer index upkeep until then.
   */
  createBuild(build: BuildRef, collections: readonly string[], options?: { bulkLoad?: boolean }): Promise<void>;

  /** Ends a bulk load: builds what was deferred. A no-op otherwise, and where nothing is deferred. */
  finishBuild(build: BuildRef): Promise<void>;

  /** Switches reads to the build, then drops the collections of the build it replaced (blue-green). */
  activate(build: BuildRef): Promise<void>;

  ping(): Promise<void>;
  close(): Promise<void>;
}
