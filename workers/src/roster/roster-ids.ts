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
  // An import asks for the same record's id many times (a class once per enrolment: 250,000 hashes for 4,000
  // classes); one hash per record keeps planning a district's roster to a second. A map per kind, so that a look-up
  // makes no key string (half of planning's time at full size).
  const known = new Map<RosterIdKind, Map<string, string>>();
  return (kind, sourcedId) => {
    let ofKind = known.get(kind);
    if (!ofKind) known.set(kind, (ofKind = new Map<string, string>()));
    let id = ofKind.get(sourcedId);
    if (id === undefined) ofKind.set(sourcedId, (id = idOf(salt, `${kind}\u0000${sourcedId}`)));
    return id;
  };
}

function idOf(salt: string, key: string): string {
  const hex = createHash('sha256').update(`${salt}\u0000${key}`).digest('hex');
  const variant = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
