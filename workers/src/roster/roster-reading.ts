import type { RosterLinks } from '@accommodate/shared-events/domain/roster/roster-plan';
import { unreadRoster, validateRoster, type KnownRecords, type RosterValidation } from '@accommodate/shared-events/domain/roster/roster-validate';
import { readRosterArchive } from './roster-archive.ts';
import { rosterIdFor } from './roster-ids.ts';

/**
 * The uploaded zip unpacked, parsed and validated against what the district's roster holds already: the data the
 * import plans from, or every error that stops it. Pure of the stores, so that it can run on a thread of its own
 * (roster-reading-thread.ts).
 */
export async function readRoster(bytes: Buffer, links: RosterLinks, salt: string): Promise<RosterValidation> {
  const archive = await readRosterArchive(bytes);
  if (archive.errors.length > 0) return unreadRoster(archive.errors);
  return validateRoster(archive.tables, knownFrom(links, rosterIdFor(salt)));
}

function knownFrom(links: RosterLinks, idFor: (kind: 'school' | 'class' | 'user', sourcedId: string) => string): KnownRecords {
  const schools = new Set(links.schools);
  const classes = new Set(links.classes);
  const users = new Set([...links.students, ...links.staff.map((key) => key.slice(key.indexOf('|') + 1))]);
  return { has: (kind, sourcedId) => (kind === 'school' ? schools : kind === 'class' ? classes : users).has(idFor(kind, sourcedId)) };
}
