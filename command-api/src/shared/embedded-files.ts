import type { ReadStore } from '@accommodate/projections/store/read-store';

interface WalTruncating {
  truncateWal(): Promise<void>;
}

const truncatesWal = (store: ReadStore): store is ReadStore & WalTruncating =>
  typeof (store as Partial<WalTruncating>).truncateWal === 'function';

/**
 * The embedded read models keep old page images (a deleted row's plaintext among them) in
 * their WAL until it is overwritten, so after an erasure the WAL is checkpointed and
 * truncated at once, through the store's own connection. (The event store needs none: its
 * personal fields are ciphertext from the start. MongoDB has no such file here.)
 */
export async function truncateReadModelWal(readStore: ReadStore): Promise<void> {
  if (truncatesWal(readStore)) await readStore.truncateWal();
}
