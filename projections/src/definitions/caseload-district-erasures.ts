import type { DistrictErasureEvent } from '@accommodate/shared-events/events/district-erasure-events';
import type { EnvelopeOf } from '@accommodate/shared-events/domain/event-types';
import { DISTRICTS, type DistrictDoc } from '../queries/organisation-schema.ts';
import type { ProjectionContext } from './projection.ts';
import { announce } from './caseload-changes.ts';

/**
 * A district's erasure moved: a poke to its admins and to the admin whose run it is (the job writes as
 * them), so that the progress bar refetches; the last one reaches that admin after the district, and its admins with
 * it, are gone. Nothing is kept: the erasure's own stream is what GET /api/district-erasures/:id reads.
 */
export async function applyDistrictErasureEvent(event: EnvelopeOf<DistrictErasureEvent>, context: ProjectionContext): Promise<void> {
  const district = await context.get<DistrictDoc>(DISTRICTS, event.data.districtId);
  const audience = new Set([...(district?.adminIds ?? []), event.actor.userId]);
  announce(context, event, { entity: 'districtErasure', id: event.data.districtId, revision: event.revision }, [...audience]);
}
