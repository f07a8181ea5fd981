import type { ClassRole } from '../../schemas/class.ts';
import { ForbiddenError, IllegalStateError, NotFoundError } from '../errors.ts';
import { activeTeacherIds, leaderIdOf, type PresentClass } from './class.ts';

/** What access needs of a class: the write side's state and the read model's document both have it. */
export type ClassAccessShape = Pick<PresentClass, 'status' | 'ownerId' | 'teachers'>;

/** What someone may do with a class: its owner manages it; its other teachers read its roster. */
export type ClassAction = 'read' | 'manage';

export const ONLY_CLASS_OWNER = 'Only the class’s owner can change it';
export const CLASS_ARCHIVED = 'This class is archived';
export const OWNER_STAYS = 'The class’s owner cannot be removed from it';

/**
 * How the user reaches the class, or null: a pending invitation gives nothing yet. A school's class is its lead
 * teacher's to manage, as a class is its owner's.
 */
export function classRoleOf(state: Pick<PresentClass, 'ownerId' | 'teachers'>, userId: string): ClassRole | null {
  if (leaderIdOf(state) === userId) return 'owner';
  return activeTeacherIds(state).includes(userId) ? 'teacher' : null;
}

/**
 * The one decision on a class: returns when the user may do `action`, else throws what the user may learn: not
 * found when they do not teach it (so its existence does not leak), forbidden when they teach it but do not own it,
 * and a conflict when an archived class would be changed.
 */
export function authorizeClass<C extends ClassAccessShape>(record: C | null, userId: string, action: ClassAction): asserts record is C {
  const role = record === null ? null : classRoleOf(record, userId);
  if (record === null || role === null) throw new NotFoundError('Class');
  if (action === 'read') return;
  if (role !== 'owner') throw new ForbiddenError(ONLY_CLASS_OWNER);
  if (record.status === 'archived') throw new IllegalStateError(CLASS_ARCHIVED);
}

/**
 * A change to a class (its details, enrolment, teachers, archiving): the class's owner or lead may, and so may whoever
 * oversees the class's school (its coordinators and administrators, the district's admins, and an import acting for
 * the district): `overseesSchool`, which the caller works out from the school's access table. Anyone else is refused
 * as `authorizeClass` refuses a change.
 */
export function authorizeClassChange<C extends ClassAccessShape>(record: C | null, userId: string, overseesSchool: boolean): asserts record is C {
  if (!overseesSchool) authorizeClass(record, userId, 'manage');
  else if (record === null) throw new NotFoundError('Class');
  else if (record.status === 'archived') throw new IllegalStateError(CLASS_ARCHIVED);
}
