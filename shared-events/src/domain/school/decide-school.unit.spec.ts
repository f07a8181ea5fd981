import { describe, expect, it } from 'vitest';
import type { SchoolEvent } from '../../events/district-events.ts';
import type { StaffRole } from '../../schemas/school.ts';
import { DeciderSpecification } from '../testing/decider-specification.ts';
import { ForbiddenError, IllegalStateError, NotFoundError } from '../errors.ts';
import { ALREADY_STAFF, SCHOOL_NOT_EMPTY, schoolDecider } from './decide-school.ts';
import { authorizeSchool } from './school-access.ts';
import { evolveSchool, initialSchoolState, staffRoleOf, type PresentSchool } from './school.ts';

const spec = DeciderSpecification.for(schoolDecider);
const created: SchoolEvent = { type: 'SchoolCreated', data: { schoolId: 's1', districtId: 'd1', name: 'Lakeside Middle' } };
const invited = (staffId: string, email: string, role: StaffRole, granteeUserId: string | null, invitedBy = 'dana'): SchoolEvent => ({
  type: 'StaffInvited',
  data: { schoolId: 's1', staffId, email, role, granteeUserId, invitedBy },
});
const principal = invited('st-admin', 'pat@lakeside.test', 'admin', 'pat');
const coordinator = invited('st-coord', 'cora@lakeside.test', 'coordinator', 'cora');
const teacher = invited('st-teach', 'tom@lakeside.test', 'teacher', 'tom');
const invite = (overrides: Partial<{ userId: string; districtAdmin: boolean; email: string; role: StaffRole; granteeUserId: string | null }> = {}) => ({
  type: 'InviteStaff' as const,
  schoolId: 's1',
  userId: 'dana',
  districtAdmin: true,
  newStaffId: 'st-new',
  email: 'nia@lakeside.test',
  role: 'teacher' as const,
  granteeUserId: null,
  ...overrides,
});
const school = (...events: SchoolEvent[]): PresentSchool => {
  const state = [created, ...events].reduce(evolveSchool, initialSchoolState());
  if (state.status !== 'present') throw new Error('no school');
  return state;
};

describe('a school', () => {
  it('is created in its district', () =>
    spec.given([]).when({ type: 'CreateSchool', schoolId: 's1', districtId: 'd1', name: 'Lakeside Middle' }).then([created]));

  it("is renamed by its district's admins and its own administrators; the same name again is nothing", () => {
    const rename = (userId: string, districtAdmin: boolean, name = 'Lakeside Middle School') => ({ type: 'RenameSchool' as const, schoolId: 's1', userId, districtAdmin, name });
    const renamed: SchoolEvent = { type: 'SchoolRenamed', data: { schoolId: 's1', name: 'Lakeside Middle School' } };
    spec.given([created]).when(rename('dana', true)).then([renamed]);
    spec.given([created, principal]).when(rename('pat', false)).then([renamed]);
    spec.given([created]).when(rename('dana', true, 'Lakeside Middle')).then([]);
    expect(school(renamed).name).toBe('Lakeside Middle School');
    spec.given([created, coordinator]).when(rename('cora', false)).thenThrows(ForbiddenError);
    spec.given([created, teacher]).when(rename('tom', false)).thenThrows(ForbiddenError);
    spec.given([created]).when(rename('stranger', false)).thenThrows(NotFoundError);
    spec.given([]).when(rename('dana', true)).thenThrows(NotFoundError);
  });

  it("takes staff from its district's admins and its own administrators, pending until the address is proved", () => {
    spec.given([created]).when(invite()).then([invited('st-new', 'nia@lakeside.test', 'teacher', null)]);
    spec
      .given([created, principal])
      .when(invite({ userId: 'pat', districtAdmin: false, role: 'coordinator', granteeUserId: 'nia' }))
      .then([invited('st-new', 'nia@lakeside.test', 'coordinator', 'nia', 'pat')]);
    expect(staffRoleOf(school(invited('st-new', 'nia@lakeside.test', 'teacher', null)), 'nia')).toBeNull();
  });

  it('refuses staff changes from a coordinator or a teacher, and is not found by anyone without a role in it', () => {
    spec.given([created, coordinator]).when(invite({ userId: 'cora', districtAdmin: false })).thenThrows(ForbiddenError);
    spec.given([created, teacher]).when(invite({ userId: 'tom', districtAdmin: false })).thenThrows(ForbiddenError);
    spec.given([created]).when(invite({ userId: 'stranger', districtAdmin: false })).thenThrows(NotFoundError);
  });

  it('invites one address once: again in the same role is nothing (or its activation), in another role a conflict', () => {
    const pending = invited('st-new', 'nia@lakeside.test', 'teacher', null);
    spec.given([created, pending]).when(invite()).then([]);
    spec.given([created, pending]).when(invite({ granteeUserId: 'nia' })).then([{ type: 'StaffActivated', data: { schoolId: 's1', staffId: 'st-new', granteeUserId: 'nia' } }]);
    spec.given([created, pending]).when(invite({ role: 'coordinator' })).thenThrows(IllegalStateError, (error) => error.message === ALREADY_STAFF);
  });

  it('changes a role, and removes someone, who then has no way in', () => {
    spec
      .given([created, teacher])
      .when({ type: 'ChangeStaffRole', schoolId: 's1', staffId: 'st-teach', role: 'coordinator', userId: 'dana', districtAdmin: true })
      .then([{ type: 'StaffRoleChanged', data: { schoolId: 's1', staffId: 'st-teach', role: 'coordinator' } }]);
    spec.given([created, teacher]).when({ type: 'ChangeStaffRole', schoolId: 's1', staffId: 'st-teach', role: 'teacher', userId: 'dana', districtAdmin: true }).then([]);
    const removed: SchoolEvent = { type: 'StaffRemoved', data: { schoolId: 's1', staffId: 'st-teach' } };
    spec.given([created, teacher]).when({ type: 'RemoveStaff', schoolId: 's1', staffId: 'st-teach', userId: 'dana', districtAdmin: true }).then([removed]);
    spec.given([created, teacher, removed]).when({ type: 'RemoveStaff', schoolId: 's1', staffId: 'st-teach', userId: 'dana', districtAdmin: true }).thenThrows(NotFoundError);
    expect(() => authorizeSchool(school(teacher, removed), 'tom', false, 'view-staff')).toThrow(NotFoundError);
  });

  it('lets a coordinator and an administrator reach every student of the school, a teacher only their own', () => {
    const state = school(principal, coordinator, teacher);
    expect(() => authorizeSchool(state, 'cora', false, 'all-students')).not.toThrow();
    expect(() => authorizeSchool(state, 'pat', false, 'all-students')).not.toThrow();
    expect(() => authorizeSchool(state, 'dana', true, 'all-students')).not.toThrow();
    expect(() => authorizeSchool(state, 'tom', false, 'all-students')).toThrow(ForbiddenError);
    expect(() => authorizeSchool(state, 'tom', false, 'add-students')).not.toThrow();
  });
});

describe('deleting a school', () => {
  const remove = (overrides: Partial<{ userId: string; districtAdmin: boolean; hasStudents: boolean; hasClasses: boolean }> = {}) => ({
    type: 'DeleteSchool' as const,
    schoolId: 's1', userId: 'dana', districtAdmin: true, hasStudents: false, hasClasses: false, ...overrides,
  });
  const deleted: SchoolEvent = { type: 'SchoolDeleted', data: { schoolId: 's1', districtId: 'd1', deletedBy: 'dana' } };

  it('takes an empty school away, its administrators aside, for a district admin only', () => {
    spec.given([created, principal]).when(remove()).then([deleted]);
    spec.given([created, principal]).when(remove({ userId: 'pat', districtAdmin: false })).thenThrows(ForbiddenError);
    expect([created, principal, deleted].reduce(evolveSchool, initialSchoolState())).toEqual({ status: 'absent' });
  });

  it('refuses while a student, a class or staff beyond administrators are in it', () => {
    spec.given([created]).when(remove({ hasStudents: true })).thenThrows(IllegalStateError, (error) => error.message === SCHOOL_NOT_EMPTY);
    spec.given([created]).when(remove({ hasClasses: true })).thenThrows(IllegalStateError, (error) => error.message === SCHOOL_NOT_EMPTY);
    spec.given([created, teacher]).when(remove()).thenThrows(IllegalStateError, (error) => error.message === SCHOOL_NOT_EMPTY);
    spec.given([created, coordinator]).when(remove()).thenThrows(IllegalStateError, (error) => error.message === SCHOOL_NOT_EMPTY);
  });
});

