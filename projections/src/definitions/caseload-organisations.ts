import type { DistrictEvent, SchoolEvent } from '@accommodate/shared-events/events/district-events';
import type { EnvelopeOf } from '@accommodate/shared-events/domain/event-types';
import { districtAdminIds, evolveDistrict, initialDistrictState, type DistrictState } from '@accommodate/shared-events/domain/district/district';
import { coveredSsoDomains } from '@accommodate/shared-events/domain/district/district-sso';
import { evolveSchool, initialSchoolState, type SchoolState } from '@accommodate/shared-events/domain/school/school';
import { DISTRICTS, SCHOOLS, type DistrictDoc, type SchoolDoc } from '../queries/organisation-schema.ts';
import type { ProjectionContext } from './projection.ts';
import { alreadyApplied, announce } from './caseload-changes.ts';
import { refreshAudienceOnce } from './caseload-audience.ts';
import { STUDENTS, type StudentDoc } from '../queries/caseload-schema.ts';

// The read model's district and school as the domain's state, so the one `evolve` of each decides what an event changes.
const districtState = ({ name, createdBy, admins, creatorRemoved, yearsAfterLeaving, timeZone, nonSchoolDays, sso, ssoDomainTokens }: DistrictDoc): DistrictState => ({
  status: 'present',
  name,
  createdBy,
  admins,
  ...(creatorRemoved && { creatorRemoved }),
  yearsAfterLeaving,
  ...(timeZone && { timeZone }),
  ...(nonSchoolDays && { nonSchoolDays }),
  ...(sso && { sso }),
  ...(ssoDomainTokens && { ssoDomainTokens }),
});
const schoolState = ({ districtId, name, staff }: SchoolDoc): SchoolState => ({ status: 'present', districtId, name, staff });

export async function applyDistrictEvent(event: EnvelopeOf<DistrictEvent>, context: ProjectionContext): Promise<void> {
  const id = event.data.districtId;
  const existing = await context.get<DistrictDoc>(DISTRICTS, id);
  if (alreadyApplied(existing, event)) return;
  const state = evolveDistrict(existing ? districtState(existing) : initialDistrictState(), event);
  if (state.status === 'absent') return;
  if (state.status === 'erased') {
    // The district left the product: its schools, with their staff roles, go with it.
    for (const school of await context.find<SchoolDoc>(SCHOOLS, { districtId: id })) context.delete(SCHOOLS, school.id);
    context.delete(DISTRICTS, id);
    announce(context, event, { entity: 'district', id, revision: event.revision }, existing?.adminIds ?? []);
    return;
  }
  const { status: _status, sso, ...fields } = state;
  const next: DistrictDoc = {
    id,
    ...fields,
    adminIds: districtAdminIds(state),
    pendingEmails: Object.values(state.admins).flatMap((admin) => (admin.granteeUserId === null ? [admin.email] : [])),
    // The client secret stays in the log, sealed; the read model keeps none. Sign-in looks up the domains covered
    // now: a domain the district has not proved (or whose record is gone) leads nobody to its provider.
    ...(sso && { sso: { ...sso, clientSecret: null }, ssoDomains: coveredSsoDomains(sso) }),
    createdAt: existing?.createdAt ?? event.occurredAt,
    revision: event.revision,
  };
  context.put<DistrictDoc>(DISTRICTS, next);
  announce(context, event, { entity: 'district', id, revision: event.revision }, [...new Set([...(existing?.adminIds ?? []), ...next.adminIds])]);
  // A district admin reaches every student of the district's schools.
  if (existing && existing.adminIds.join(',') !== next.adminIds.join(',')) {
    for (const school of await context.find<SchoolDoc>(SCHOOLS, { districtId: id })) await refreshStudentsOf(school.id, event, context);
  }
}

export async function applySchoolEvent(event: EnvelopeOf<SchoolEvent>, context: ProjectionContext): Promise<void> {
  const id = event.data.schoolId;
  const existing = await context.get<SchoolDoc>(SCHOOLS, id);
  if (alreadyApplied(existing, event)) return;
  const state = evolveSchool(existing ? schoolState(existing) : initialSchoolState(), event);
  if (event.type === 'SchoolDeleted') {
    if (!existing) return;
    context.delete(SCHOOLS, id);
    const district = await context.get<DistrictDoc>(DISTRICTS, existing.districtId);
    announce(context, event, { entity: 'school', id, revision: event.revision }, [...new Set([...existing.staffUserIds, ...(district?.adminIds ?? [])])]);
    return;
  }
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
  if (existing && staffingOf(existing) !== staffingOf(next)) await refreshStudentsOf(id, event, context);
}

/** What of a school's staff decides who reaches its students: who holds which role (a case manager must be staff). */
const staffingOf = (school: SchoolDoc): string =>
  Object.values(school.staff)
    .flatMap((member) => (member.granteeUserId === null ? [] : [`${member.granteeUserId}:${member.role}`]))
    .sort()
    .join(',');

/** Every student of the school gets its audience again; those who lost or gained it hear of the student. */
async function refreshStudentsOf(schoolId: string, event: EnvelopeOf<DistrictEvent | SchoolEvent>, context: ProjectionContext): Promise<void> {
  for (const student of await context.find<StudentDoc>(STUDENTS, { schoolId })) await refreshAudienceOnce(student.id, event, context, { onlyIfChanged: true });
}
