import type { ClassEvent } from '../../events/class-events.ts';
import { TERM_ENDS_BEFORE_START, type ClassDetails } from '../../schemas/class.ts';
import { changesFrom, withChanges } from '../changes.ts';
import type { Decider } from '../decider.ts';
import { IllegalStateError, NotFoundError, ValidationError } from '../errors.ts';
import { reinvitationActivates } from '../invitation.ts';
import { authorizeClassChange, OWNER_STAYS } from './class-access.ts';
import { CLASS_EVENT_TYPES, evolveClass, initialClassState, teacherForEmail, type ClassState, type PresentClass } from './class.ts';

export const ALREADY_CLASS_OWNER = 'You already teach this class';
export const SCHOOL_CLASS_NEEDS_SCHOOL = 'A class without an owner must belong to a school';
const DETAIL_FIELDS = ['name', 'period', 'subject', 'room', 'termStart', 'termEnd'] as const;

/** Checked on what the class would hold, since a PATCH may move one date past the other it keeps. */
function assertTermInOrder({ termStart, termEnd }: Pick<ClassDetails, 'termStart' | 'termEnd'>): void {
  if (termStart !== null && termEnd !== null && termEnd < termStart) throw ValidationError.onField('termEnd', TERM_ENDS_BEFORE_START);
}

/** The caller has checked that the user oversees the class's school (class-access.ts); absent: they do not. */
interface Oversight {
  overseesSchool?: boolean;
}

export type ClassCommand =
  /** ownerId null: a school's class, made by an import from the SIS; it needs a school. */
  | { type: 'CreateClass'; classId: string; ownerId: string | null; schoolId: string | null; details: ClassDetails }
  | ({ type: 'UpdateClass'; classId: string; userId: string; details: Partial<ClassDetails> } & Oversight)
  | ({ type: 'ArchiveClass'; classId: string; userId: string } & Oversight)
  /** The caller has checked, against the access rules, that the user may enrol each student. */
  | ({ type: 'SetEnrolment'; classId: string; userId: string; studentIds: readonly string[] } & Oversight)
  | ({
      type: 'InviteClassTeacher';
      classId: string;
      userId: string;
      /** Leads a school's class (the SIS's primary teacher); only a first invitation sets it. */
      lead?: boolean;
      /** Used only when the e-mail has no invitation yet. */
      newTeacherId: string;
      email: string;
      /** The account that proved the e-mail, if any. */
      granteeUserId: string | null;
    } & Oversight)
  | { type: 'ActivateClassTeacher'; classId: string; teacherId: string; granteeUserId: string }
  | {
      type: 'RemoveClassTeacher';
      classId: string;
      userId: string;
      /** The invitation's id; the owner's account id names the owner, who cannot be removed. */
      teacherId: string;
      /** The caller has checked that the user oversees the class's school (class-access.ts). */
      overseesSchool: boolean;
    };

const present = (state: ClassState): PresentClass | null => (state.status === 'absent' ? null : state);
const sameMembers = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id) => b.includes(id));

export function decideClass(command: ClassCommand, state: ClassState): ClassEvent[] {
  const { classId } = command;
  switch (command.type) {
    case 'CreateClass': {
      if (state.status !== 'absent') throw new IllegalStateError('This class already exists');
      if (command.ownerId === null && command.schoolId === null) throw new IllegalStateError(SCHOOL_CLASS_NEEDS_SCHOOL);
      assertTermInOrder(command.details);
      return [{ type: 'ClassCreated', data: { classId, ownerId: command.ownerId, schoolId: command.schoolId, ...command.details } }];
    }
    case 'UpdateClass': {
      const current = present(state);
      authorizeClassChange(current, command.userId, command.overseesSchool === true);
      const changes = changesFrom(current.details, command.details, DETAIL_FIELDS);
      assertTermInOrder(withChanges(current.details, changes));
      return Object.keys(changes).length === 0 ? [] : [{ type: 'ClassUpdated', data: { classId, changes } }];
    }
    case 'ArchiveClass': {
      const current = present(state);
      authorizeClassChange(current, command.userId, command.overseesSchool === true);
      return [{ type: 'ClassArchived', data: { classId } }];
    }
    case 'SetEnrolment': {
      const current = present(state);
      authorizeClassChange(current, command.userId, command.overseesSchool === true);
      const studentIds = [...new Set(command.studentIds)];
      return sameMembers(studentIds, current.studentIds) ? [] : [{ type: 'EnrolmentSet', data: { classId, studentIds } }];
    }
    case 'InviteClassTeacher': {
      const current = present(state);
      authorizeClassChange(current, command.userId, command.overseesSchool === true);
      if (command.granteeUserId !== null && command.granteeUserId === current.ownerId) throw ValidationError.onField('email', ALREADY_CLASS_OWNER);
      const existing = teacherForEmail(current, command.email);
      if (existing !== null && !reinvitationActivates(existing, command.granteeUserId)) return [];
      const teacherId = existing?.teacherId ?? command.newTeacherId;
      const { email, granteeUserId } = command;
      // A re-invitation keeps the lead the first one set.
      const lead = existing === null ? command.lead === true : existing.lead === true;
      return [{ type: 'ClassTeacherInvited', data: { classId, teacherId, email, granteeUserId, invitedBy: command.userId, ...(lead ? { lead } : {}) } }];
    }
    case 'ActivateClassTeacher': {
      const current = present(state);
      const teacher = current?.teachers[command.teacherId];
      // Already active, or the owner verifying an address: nothing changes. An archived class gives nothing anyway.
      if (!current || !teacher || teacher.status !== 'pending' || command.granteeUserId === current.ownerId) return [];
      return [{ type: 'ClassTeacherActivated', data: { classId, teacherId: teacher.teacherId, granteeUserId: command.granteeUserId } }];
    }
    case 'RemoveClassTeacher': {
      const current = present(state);
      authorizeClassChange(current, command.userId, command.overseesSchool);
      if (command.teacherId === current.ownerId) throw new IllegalStateError(OWNER_STAYS);
      // Not a no-op: a removal that names no teacher of the class is a mistake the caller should hear of, as removing
      // someone not on a school's staff is. The import asks only for teachers the class has.
      const teacher = current.teachers[command.teacherId];
      if (!teacher) throw new NotFoundError('Class teacher');
      return [{ type: 'ClassTeacherRemoved', data: { classId, teacherId: teacher.teacherId } }];
    }
  }
}

export const classDecider: Decider<ClassState, ClassCommand, ClassEvent> = {
  eventTypes: CLASS_EVENT_TYPES,
  initialState: initialClassState,
  evolve: evolveClass,
  decide: decideClass,
};
