import type { DistrictEvent, SchoolEvent } from '@accommodate/shared-events/events/district-events';
import type { EventEnvelope } from '@accommodate/shared-events/events/envelope';
import type { EnvelopeOf } from '@accommodate/shared-events/domain/event-types';
import { districtAdminIds } from '@accommodate/shared-events/domain/district/district';
import { districtAfter } from './district-copy.ts';
import { RETENTION_DISTRICTS, RETENTION_SCHOOLS, type RetentionDistrictDoc, type RetentionSchoolDoc } from '../queries/retention-schema.ts';
import type { ProjectionContext } from './projection.ts';
import { announce } from './caseload-changes.ts';

/** The district events that move its admins or its rule, and the one school event that places a school in a district. */
export const RETENTION_ORGANISATION_EVENT_TYPES = ['DistrictCreated', 'DistrictAdminInvited', 'DistrictAdminActivated', 'DistrictAdminRemoved', 'DistrictRetentionSet', 'DistrictErased', 'SchoolCreated'] as const satisfies readonly (DistrictEvent | SchoolEvent)['type'][];
export type RetentionOrganisationEvent = Extract<DistrictEvent | SchoolEvent, { type: (typeof RETENTION_ORGANISATION_EVENT_TYPES)[number] }>;

/** A poke that the district's due list may have changed, to its admins (the only people who may read it). */
async function announceDueList(context: ProjectionContext, event: EventEnvelope, districtId: string): Promise<void> {
  const district = await context.get<RetentionDistrictDoc>(RETENTION_DISTRICTS, districtId);
  if (district) announce(context, event, { entity: 'retention', id: districtId }, district.adminIds);
}

/** To the admins of the school's district, for a student of that school whose place on the due list moved. */
export async function announceToSchoolsDistrict(context: ProjectionContext, event: EventEnvelope, schoolId: string | null): Promise<void> {
  if (schoolId === null) return;
  const school = await context.get<RetentionSchoolDoc>(RETENTION_SCHOOLS, schoolId);
  if (school) await announceDueList(context, event, school.districtId);
}

/** Keeps the district's admins (folded as the district is everywhere) and each school's district; a new rule pokes them. */
export async function applyRetentionOrganisationEvent(event: EnvelopeOf<RetentionOrganisationEvent>, context: ProjectionContext): Promise<void> {
  if (event.type === 'SchoolCreated') {
    context.put<RetentionSchoolDoc>(RETENTION_SCHOOLS, { id: event.data.schoolId, districtId: event.data.districtId });
    return;
  }
  const id = event.data.districtId;
  const after = await districtAfter<RetentionDistrictDoc>(event, context, { districts: RETENTION_DISTRICTS, schools: RETENTION_SCHOOLS });
  if (!after) return;
  const { name, createdBy, admins, creatorRemoved } = after.state;
  context.put<RetentionDistrictDoc>(RETENTION_DISTRICTS, { id, name, createdBy, admins, ...(creatorRemoved && { creatorRemoved }), adminIds: districtAdminIds(after.state), revision: event.revision });
  if (event.type === 'DistrictRetentionSet') await announceDueList(context, event, id);
}
