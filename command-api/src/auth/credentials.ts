import { createHash } from 'node:crypto';
import type { ReadStore, StateCollection } from '@accommodate/projections/store/read-store';

/**
 * Password hashes live here, in mutable state outside the event log, so they can be
 * replaced and erased. Keyed by a hash of the e-mail so login needs no scan.
 */
export interface Credential {
  id: string;
  userId: string;
  passwordHash: string;
}

export const emailKey = (email: string): string =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

export const credentials = (store: ReadStore): StateCollection<Credential> => store.state<Credential>('credentials');
