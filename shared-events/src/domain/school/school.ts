import { SCHOOL_EVENTS, type SchoolEvent } from '../../events/district-events.ts';
import type { StaffRole } from '../../schemas/school.ts';
import { isEventOf, typesOf } from '../event-types.ts';

export const SCHOOL_EVENT_TYPES = typesOf(SCHOOL_EVENTS);
export const isSchoolEvent = isEventOf<SchoolEvent>(SCHOOL_EVENT_TYPES);

/** A member of the staff: pending (granteeUserId null) until an account proves the e-mail, as shares are. */
export interface StaffMemberState {
  staffId: string;
  email: string;
  role: StaffRole;
  granteeUserId: string | null;
}

export interface PresentSchool {
  status: 'present';
  districtId: string;
  name: string;
  /** The current staff, by staffId; a removed member is gone from here (their history stays in the stream). */
  staff: Record<string, StaffMemberState>;
}

export type SchoolState = { status: 'absent' } | PresentSchool;

export const initialSchoolState = (): SchoolState => ({ status: 'absent' });

/** The one fold of a school's stream: the write side and the read model alike. */
export function evolveSchool(state: SchoolState, event: SchoolEvent): SchoolState {
  if (event.type === 'SchoolCreated') {
    if (state.status !== 'absent') return state;
    return { status: 'present', districtId: event.data.districtId, name: event.data.name, staff: {} };
  }
  if (state.status === 'absent') return state;
  const member = 'staffId' in event.data ? state.staff[event.data.staffId] : undefined;
  switch (event.type) {
    // Gone from the district; its stream keeps its history.
    case 'SchoolDeleted':
      return { status: 'absent' };
    case 'SchoolRenamed':
      return { ...state, name: event.data.name };
    case 'StaffInvited': {
      const { staffId, email, role, granteeUserId } = event.data;
      return { ...state, staff: { ...state.staff, [staffId]: { staffId, email, role, granteeUserId } } };
    }
    case 'StaffActivated':
      return member ? { ...state, staff: { ...state.staff, [member.staffId]: { ...member, granteeUserId: event.data.granteeUserId } } } : state;
    case 'StaffRoleChanged':
      return member ? { ...state, staff: { ...state.staff, [member.staffId]: { ...member, role: event.data.role } } } : state;
    case 'StaffRemoved': {
      if (!member) return state;
      const { [member.staffId]: _removed, ...staff } = state.staff;
      return { ...state, staff };
    }
  }
}

/** The school's staff member with this e-mail (one per address), pending or not. */
export const staffWithEmail = (state: Pick<PresentSchool, 'staff'>, email: string): StaffMemberState | null =>
  Object.values(state.staff).find((member) => member.email === email) ?? null;

/** The user's role in the school, or null: a pending invitation gives nothing yet. */
export const staffRoleOf = (state: Pick<PresentSchool, 'staff'>, userId: string): StaffRole | null =>
  Object.values(state.staff).find((member) => member.granteeUserId === userId)?.role ?? null;
