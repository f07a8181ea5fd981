import type { DistrictEvent, SchoolEvent } from '@accommodate/shared-events/events/district-events';
import type { EnvelopeOf } from '@accommodate/shared-events/domain/event-types';
import { districtAdminIds, evolveDistrict, initialDistrictState, type DistrictState } from '@accommodate/shared-events/domain/district/district';
import { evolveSchool, initialSchoolState, type SchoolState } from '@accommodate/shared-events/domain/school/school';
import { DISTRICTS, SCHOOLS, type DistrictDoc, type SchoolDoc } from '../queries/organisation-schema.ts';
import type { ProjectionContext } from './projection.ts';
import { alreadyApplied, announce } from './caseload-changes.ts';

// The read model's district and school as the domain's state, so the one `evolve` of each decides what an event changes.
const districtState = ({ name, createdBy, admins }: DistrictDoc): DistrictState => ({ status: 'present', name, createdBy, admins });
const schoolState = ({ districtId, name, staff }: SchoolDoc): SchoolState => ({ status: 'present', districtId, name, staff });

export async function applyDistrictEvent(event: EnvelopeOf<DistrictEvent>, context: ProjectionContext): Promise<void> {
  const id = event.data.districtId;
  const existing = await context.get<DistrictDoc>(DISTRICTS, id);
  if (alreadyApplied(existing, event)) return;
  const state = evolveDistrict(existing ? districtState(existing) : initialDistrictState(), event);
  if (state.status === 'absent') return;
  const { status: _status, ...fields } = state;
  const next: DistrictDoc = {
    id,
    ...fields,
    adminIds: districtAdminIds(state),
    pendingEmails: Object.values(state.admins).flatMap((admin) => (admin.granteeUserId === null ? [admin.email] : [])),
    createdAt: existing?.createdAt ?? event.occurredAt,
    revision: event.revision,
  };
  context.put<DistrictDoc>(DISTRICTS, next);
  announce(context, event, { entity: 'district', id, revision: event.revision }, [...new Set([...(existing?.adminIds ?? []), ...next.adminIds])]);
}

export async function applySchoolEvent(event: EnvelopeOf<SchoolEvent>, context: ProjectionContext): Promise<void> {
  const id = event.data.schoolId;
  const existing = await context.get<SchoolDoc>(SCHOOLS, id);
  if (alreadyApplied(existing, event)) return;
  const state = evolveSchool(existing ? schoolState(existing) : initialSchoolState(), event);
  if (state.status === 'absent') return;
  const { status: _status, ...fields } = state;
  const members = Object.values(state.staff);
  const next: SchoolDoc = {
    id,
    ...fields,
    staffUserIds: members.flatMap((member) => (member.granteeUserId === null ? [] : [member.granteeUserId])),
    pendingEmails: members.flatMap((member) => (member.granteeUserId === null ? [member.email] : [])),
    createdAt: existing?.createdAt ?? event.occurredAt,
    revision: event.revision,
  };
  context.put<SchoolDoc>(SCHOOLS, next);
  const district = await context.get<DistrictDoc>(DISTRICTS, next.districtId);
  const audience = [...new Set([...(existing?.staffUserIds ?? []), ...next.staffUserIds, ...(district?.adminIds ?? [])])];
  announce(context, event, { entity: 'school', id, revision: event.revision }, audience);
}
