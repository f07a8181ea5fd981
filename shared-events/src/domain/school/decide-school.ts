import type { SchoolEvent } from '../../events/district-events.ts';
import type { StaffRole } from '../../schemas/school.ts';
import type { Decider } from '../decider.ts';
import { ForbiddenError, IllegalStateError, NotFoundError } from '../errors.ts';
import { reinvitationActivates } from '../invitation.ts';
import { authorizeSchool } from './school-access.ts';
import { evolveSchool, initialSchoolState, SCHOOL_EVENT_TYPES, staffWithEmail, type PresentSchool, type SchoolState } from './school.ts';

export const ALREADY_STAFF = 'This person is already on the staff of this school: change their role instead';
export const SCHOOL_NOT_EMPTY = 'Only an empty school can be deleted: move its students and classes to another school and remove its staff (administrators aside) first';
export const ONLY_DISTRICT_ADMINS_DELETE = 'Only the district’s admins can delete a school';

/** Who asks, and whether they administer the school's district (the route reads the district to say so). */
interface Actor {
  userId: string;
  districtAdmin: boolean;
}

export type SchoolCommand =
  /** The route has checked that the user administers the district. */
  | { type: 'CreateSchool'; schoolId: string; districtId: string; name: string }
  | ({ type: 'RenameSchool'; schoolId: string; name: string } & Actor)
  | ({ type: 'InviteStaff'; schoolId: string; newStaffId: string; email: string; role: StaffRole; granteeUserId: string | null } & Actor)
  | { type: 'ActivateStaff'; schoolId: string; staffId: string; granteeUserId: string }
  | ({ type: 'ChangeStaffRole'; schoolId: string; staffId: string; role: StaffRole } & Actor)
  | ({ type: 'RemoveStaff'; schoolId: string; staffId: string } & Actor)
  /** `hasStudents`, `hasClasses`: whether any student (inactive too) or class is the school's, read by the route. */
  | ({ type: 'DeleteSchool'; schoolId: string; hasStudents: boolean; hasClasses: boolean } & Actor);

const present = (state: SchoolState): PresentSchool | null => (state.status === 'present' ? state : null);

function memberOf(school: PresentSchool, staffId: string) {
  const member = school.staff[staffId];
  if (!member) throw new NotFoundError('Staff member');
  return member;
}

export function decideSchool(command: SchoolCommand, state: SchoolState): SchoolEvent[] {
  const { schoolId } = command;
  switch (command.type) {
    case 'CreateSchool':
      if (state.status !== 'absent') throw new IllegalStateError('This school already exists');
      return [{ type: 'SchoolCreated', data: { schoolId, districtId: command.districtId, name: command.name } }];
    case 'DeleteSchool': {
      const school = present(state);
      authorizeSchool(school, command.userId, command.districtAdmin, 'rename');
      if (!command.districtAdmin) throw new ForbiddenError(ONLY_DISTRICT_ADMINS_DELETE);
      const staffBeyondAdmins = Object.values(school.staff).some((member) => member.role !== 'admin');
      if (command.hasStudents || command.hasClasses || staffBeyondAdmins) throw new IllegalStateError(SCHOOL_NOT_EMPTY);
      return [{ type: 'SchoolDeleted', data: { schoolId, districtId: school.districtId, deletedBy: command.userId } }];
    }
    case 'RenameSchool': {
      const school = present(state);
      authorizeSchool(school, command.userId, command.districtAdmin, 'rename');
      return school.name === command.name ? [] : [{ type: 'SchoolRenamed', data: { schoolId, name: command.name } }];
    }
    case 'InviteStaff': {
      const school = present(state);
      authorizeSchool(school, command.userId, command.districtAdmin, 'manage-staff');
      const existing = staffWithEmail(school, command.email);
      if (existing === null) {
        const { newStaffId: staffId, email, role, granteeUserId } = command;
        return [{ type: 'StaffInvited', data: { schoolId, staffId, email, role, granteeUserId, invitedBy: command.userId } }];
      }
      if (existing.role !== command.role) throw new IllegalStateError(ALREADY_STAFF);
      if (!reinvitationActivates(existing, command.granteeUserId)) return [];
      return [{ type: 'StaffActivated', data: { schoolId, staffId: existing.staffId, granteeUserId: command.granteeUserId } }];
    }
    case 'ActivateStaff': {
      const member = present(state)?.staff[command.staffId];
      if (!member || member.granteeUserId !== null) return [];
      return [{ type: 'StaffActivated', data: { schoolId, staffId: member.staffId, granteeUserId: command.granteeUserId } }];
    }
    case 'ChangeStaffRole': {
      const school = present(state);
      authorizeSchool(school, command.userId, command.districtAdmin, 'manage-staff');
      const member = memberOf(school, command.staffId);
      return member.role === command.role ? [] : [{ type: 'StaffRoleChanged', data: { schoolId, staffId: member.staffId, role: command.role } }];
    }
    case 'RemoveStaff': {
      const school = present(state);
      authorizeSchool(school, command.userId, command.districtAdmin, 'manage-staff');
      const member = memberOf(school, command.staffId);
      return [{ type: 'StaffRemoved', data: { schoolId, staffId: member.staffId } }];
    }
  }
}

export const schoolDecider: Decider<SchoolState, SchoolCommand, SchoolEvent> = {
  eventTypes: SCHOOL_EVENT_TYPES,
  initialState: initialSchoolState,
  evolve: evolveSchool,
  decide: decideSchool,
};
