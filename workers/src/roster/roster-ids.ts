import { createHash, randomBytes } from 'node:crypto';
import type { RosterIdKind } from '@accommodate/shared-events/domain/roster/roster-plan';

/** A district's salt, made at its first import and kept in its roster stream. */
export const newRosterSalt = (): string => randomBytes(16).toString('hex');

/**
 * The product id of a OneRoster record: a UUID (version 8, name-based) hashed from the district's salt, the kind and
 * the sourcedId. The same record gets the same id at every import, so nothing needs to keep the sourcedId itself, and
 * the id says nothing of it to anyone without the salt.
 */
export function rosterIdFor(salt: string): (kind: RosterIdKind, sourcedId: string) => string {
  return (kind, sourcedId) => {
    const hex = createHash('sha256').update(`${salt}\u0000${kind}\u0000${sourcedId}`).digest('hex');
    const variant = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  };
}
