import type { RosterImportEvent } from '@accommodate/shared-events/events/roster-events';
import type { EnvelopeOf } from '@accommodate/shared-events/domain/event-types';
import { DISTRICTS, type DistrictDoc } from '../queries/organisation-schema.ts';
import type { ProjectionContext } from './projection.ts';
import { announce } from './caseload-changes.ts';

/**
 * A OneRoster import moved: a poke to its district's admins, the only people who may read it, so that the
 * progress bar refetches. Nothing is kept: the import's own stream is what GET /api/roster-imports/:id reads.
 */
export async function applyRosterImportEvent(event: EnvelopeOf<RosterImportEvent>, context: ProjectionContext): Promise<void> {
  const district = await context.get<DistrictDoc>(DISTRICTS, event.data.districtId);
  if (district) announce(context, event, { entity: 'rosterImport', id: event.data.importId }, district.adminIds);
}
