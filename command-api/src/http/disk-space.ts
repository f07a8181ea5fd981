import { statfs } from 'node:fs/promises';

/** How many bytes the service's user may still write in a folder's file system. */
export type FreeDiskSpace = () => Promise<number>;

/**
 * Below this, a node leaves rotation (/readyz 503) before a write fails half-way: SQLite needs room for its WAL and
 * checkpoints, an upload is up to 10 MB, and a full disk would refuse appends the client was about to be told of.
 */
export const MIN_FREE_DISK_BYTES = 64 * 1024 * 1024;

/** statfs of DATA_DIR: the blocks available to an unprivileged user (not those reserved for root). */
export const freeSpaceIn =
  (dataDir: string): FreeDiskSpace =>
  async () => {
    const stats = await statfs(dataDir);
    return stats.bavail * stats.bsize;
  };
