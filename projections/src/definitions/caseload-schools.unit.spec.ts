import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@accommodate/shared-events/events/envelope';
import type { DomainEvent } from '@accommodate/shared-events/events/registry';
import { janeDetails } from '@accommodate/shared-events/testing/student-fixtures';
import { envelope, MemoryContext, revisions } from '../testing/memory-projection-context.ts';
import { STUDENTS } from './caseload-collections.ts';
import { caseloadProjection, type StudentDoc } from './caseload-projection.ts';

// Who reaches a school's student through the school, as the projection derives it from the school's staff
// and the district's admins, live and on a rebuild alike.
const district: DomainEvent = { type: 'DistrictCreated', data: { districtId: 'd1', name: 'Lakeside USD', createdBy: 'dana' } };
const school = (schoolId: string): DomainEvent => ({ type: 'SchoolCreated', data: { schoolId, districtId: 'd1', name: schoolId } });
const staff = (schoolId: string, staffId: string, userId: string, role: 'teacher' | 'coordinator' | 'admin'): DomainEvent =>
  ({ type: 'StaffInvited', data: { schoolId, staffId, email: `${userId}@lakeside.test`, role, granteeUserId: userId, invitedBy: 'dana' } });
const streamOf = (event: DomainEvent): string => {
  const data = event.data as Record<string, unknown>;
  if ('studentId' in data) return `student-${String(data.studentId)}`;
  if ('schoolId' in data) return `school-${String(data.schoolId)}`;
  return `district-${String(data.districtId)}`;
};

async function project(events: DomainEvent[]): Promise<MemoryContext> {
  revisions.clear();
  const context = new MemoryContext();
  const envelopes: EventEnvelope[] = events.map((event) => envelope(streamOf(event), event));
  for (const each of envelopes) await caseloadProjection.apply(each, context);
  return context;
}
const rolesOf = (context: MemoryContext, studentId = 's1') =>
  Object.fromEntries(Object.entries((context.collections.get(STUDENTS)?.get(studentId) as StudentDoc).roles).map(([userId, entry]) => [userId, entry.role]));

const lakeside = [district, school('north'), school('south'), staff('north', 'st1', 'cora', 'coordinator'), staff('north', 'st2', 'tom', 'teacher'), staff('south', 'st3', 'hal', 'coordinator')];
const jane: DomainEvent = { type: 'StudentAdded', data: { studentId: 's1', ownerId: 'tom', ...janeDetails, schoolId: 'north' } };

describe('a school’s student in the caseload read model (issue 23)', () => {
  it('is reached by its school’s coordinators and the district’s admins, not by its other teachers nor another school', async () => {
    expect(rolesOf(await project([...lakeside, jane]))).toEqual({ tom: 'owner', cora: 'coordinator', dana: 'district-admin' });
  });

  it('follows the school’s staffing: a new administrator gains it, a coordinator removed loses it, whatever the order', async () => {
    const later = [staff('north', 'st4', 'ada', 'admin'), { type: 'StaffRemoved', data: { schoolId: 'north', staffId: 'st1' } } as DomainEvent];
    const live = await project([...lakeside, jane, ...later]);
    expect(rolesOf(live)).toEqual({ tom: 'owner', ada: 'school-admin', dana: 'district-admin' });
    expect(rolesOf(await project([...lakeside, ...later, jane]))).toEqual(rolesOf(live));
    expect(live.changes.some((change) => change.message.entity === 'student' && change.audience.includes('cora'))).toBe(true);
  });

  it('moves with the student to another school, and gives its case manager a role while they are staff', async () => {
    const managed: DomainEvent = { type: 'StudentCaseManagerAssigned', data: { studentId: 's1', caseManagerId: 'tess', assignedBy: 'cora' } };
    const withTess = [...lakeside, staff('north', 'st5', 'tess', 'teacher'), jane, managed];
    expect(rolesOf(await project(withTess))).toMatchObject({ tess: 'case-manager', cora: 'coordinator' });
    const moved: DomainEvent = { type: 'StudentSchoolChanged', data: { studentId: 's1', fromSchoolId: 'north', toSchoolId: 'south', changedBy: 'dana' } };
    expect(rolesOf(await project([...withTess, moved]))).toEqual({ tom: 'owner', hal: 'coordinator', dana: 'district-admin' });
    const tessLeft: DomainEvent = { type: 'StaffRemoved', data: { schoolId: 'north', staffId: 'st5' } };
    expect(rolesOf(await project([...withTess, tessLeft]))).not.toHaveProperty('tess');
  });
});
