import { CLASS_EVENTS, type ClassEvent } from '../../events/class-events.ts';
import type { ClassDetails } from '../../schemas/class.ts';
import { withChanges } from '../changes.ts';
import { isEventOf, typesOf } from '../event-types.ts';

export const CLASS_EVENT_TYPES = typesOf(CLASS_EVENTS);
export const isClassEvent = isEventOf<ClassEvent>(CLASS_EVENT_TYPES);

export interface ClassTeacherState {
  teacherId: string;
  email: string;
  /** Null while pending: nobody has proved the address yet. */
  granteeUserId: string | null;
  status: 'pending' | 'active';
  /** Leads a school's class (the SIS's primary teacher): absent or false for every other teacher. */
  lead?: boolean;
}

export interface PresentClass {
  status: 'active' | 'archived';
  /** Null for a school's class (imported from the SIS): its lead teacher leads it, the school oversees it. */
  ownerId: string | null;
  schoolId: string | null;
  details: ClassDetails;
  studentIds: string[];
  teachers: Record<string, ClassTeacherState>;
}

export type ClassState = { status: 'absent' } | PresentClass;

export const initialClassState = (): ClassState => ({ status: 'absent' });

/** The one fold of a class's stream: the write side, and the caseload projection's class documents. */
export function evolveClass(state: ClassState, event: ClassEvent): ClassState {
  if (event.type === 'ClassCreated') {
    if (state.status !== 'absent') return state;
    const { ownerId, schoolId, name, period, subject, room, termStart, termEnd } = event.data;
    const details = { name, period, subject, room, termStart, termEnd };
    return { status: 'active', ownerId, schoolId, details, studentIds: [], teachers: {} };
  }
  if (state.status === 'absent') return state;
  switch (event.type) {
    case 'ClassUpdated':
      return { ...state, details: withChanges(state.details, event.data.changes) };
    case 'ClassArchived':
      return { ...state, status: 'archived' };
    case 'EnrolmentSet':
      return { ...state, studentIds: [...event.data.studentIds] };
    case 'ClassTeacherInvited': {
      const { teacherId, email, granteeUserId, lead } = event.data;
      const status = granteeUserId === null ? 'pending' : 'active';
      const teacher: ClassTeacherState = { teacherId, email, granteeUserId, status, ...(lead === true ? { lead } : {}) };
      return { ...state, teachers: { ...state.teachers, [teacherId]: teacher } };
    }
    case 'ClassTeacherActivated': {
      const teacher = state.teachers[event.data.teacherId];
      if (!teacher) return state;
      const activated: ClassTeacherState = { ...teacher, status: 'active', granteeUserId: event.data.granteeUserId };
      return { ...state, teachers: { ...state.teachers, [teacher.teacherId]: activated } };
    }
    case 'ClassTeacherRemoved': {
      const { [event.data.teacherId]: _removed, ...teachers } = state.teachers;
      return { ...state, teachers };
    }
  }
}

/** The people who teach the class now: its owner (a school's class has none) and the teachers who proved their address. */
export const activeTeacherIds = (state: Pick<PresentClass, 'ownerId' | 'teachers'>): string[] => [
  ...(state.ownerId === null ? [] : [state.ownerId]),
  ...Object.values(state.teachers).flatMap((teacher) =>
    teacher.status === 'active' && teacher.granteeUserId !== null && teacher.granteeUserId !== state.ownerId ? [teacher.granteeUserId] : [],
  ),
];

/** The teacher who leads a school's class, once they have proved their address; null otherwise. */
export function activeLeadOf(state: Pick<PresentClass, 'ownerId' | 'teachers'>): ClassTeacherState | null {
  if (state.ownerId !== null) return null;
  return Object.values(state.teachers).find((teacher) => teacher.lead === true && teacher.status === 'active' && teacher.granteeUserId !== null) ?? null;
}

/** Who leads the class: its owner, or the active lead teacher of a school's class; null while nobody does. */
export const leaderIdOf = (state: Pick<PresentClass, 'ownerId' | 'teachers'>): string | null => state.ownerId ?? activeLeadOf(state)?.granteeUserId ?? null;

/** A class is taught once per e-mail: a second invitation to the same address is the first one. */
export const teacherForEmail = (state: Pick<PresentClass, 'teachers'>, email: string): ClassTeacherState | null =>
  Object.values(state.teachers).find((teacher) => teacher.email === email) ?? null;
