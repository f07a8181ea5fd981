import { ForbiddenError, IllegalStateError, NotFoundError, type DomainError } from '../errors.ts';
import { STUDENT_ARCHIVED } from '../student/decide-student.ts';
import { ROLE_RULES, type StudentAction, type StudentRoleEntry } from './role-rules.ts';

/** The access part of a student record: who is on it, and how each reaches it. */
export interface StudentAccessList {
  viewerIds: readonly string[];
  roles: Readonly<Record<string, StudentRoleEntry>>;
  /** Archived when the owner's Premium ended: read-only for every role; absent on older records. */
  archived?: boolean;
}

/** What no role may do to an archived student: it is kept as it was until the owner upgrades again. */
const CHANGES: ReadonlySet<StudentAction> = new Set(['edit', 'delete', 'manage-shares', 'log-implementation', 'manage-school']);

/** A refusal of something the user could not even see is a 404 too, so nothing about it leaks. */
const DENIED: Record<StudentAction, () => DomainError> = {
  view: () => new NotFoundError('Student'),
  'see-private': () => new NotFoundError('Record'),
  edit: () => new ForbiddenError('You can view this student but not change them'),
  delete: () => new ForbiddenError('Only the student’s owner can delete them'),
  'list-shares': () => new ForbiddenError('Only the owner and co-teachers can see who this student is shared with'),
  'manage-shares': () => new ForbiddenError('Only the student’s owner can share them'),
  'see-history': () => new ForbiddenError('You cannot see this student’s history'),
  'see-access-log': () => new ForbiddenError('Only the owner and auditors can see the access log'),
  'acknowledge-plan': () => new ForbiddenError('Only the student’s teachers acknowledge plan versions'),
  'log-implementation': () => new ForbiddenError('You can read this student’s implementation log but not add to it'),
  'export-hearing-packet': () => new ForbiddenError('Only the owner and auditors can export the hearing packet'),
  'see-plan-record': () => new ForbiddenError('Only the owner, the case manager and coordinators can see the impairment and consent'),
  'manage-school': () => new ForbiddenError('Only the school’s coordinators and administrators can do this'),
};

/** How the user reaches the student at `now`: an entry past its end counts as none, whatever the record says yet. */
export function roleOn(record: StudentAccessList, userId: string, now: Date): StudentRoleEntry | null {
  const entry = record.roles?.[userId];
  if (!entry || !record.viewerIds.includes(userId)) return null;
  return now.getTime() < ROLE_RULES[entry.role].endsAt(entry) ? entry : null;
}

export function mayAccess(record: StudentAccessList, userId: string, action: StudentAction, now: Date): boolean {
  const entry = roleOn(record, userId, now);
  return entry !== null && ROLE_RULES[entry.role].allows.has(action) && !(record.archived === true && CHANGES.has(action));
}

/**
 * The one decision on a student record: returns when the user may do `action` at `now`, and otherwise throws
 * what the user may learn: not found when they may not even see it (so its existence does not leak), else
 * forbidden. `reachedAs` names what was asked for through the student (a plan, a document): not found under
 * its own name.
 */
export function authorizeStudent<R extends StudentAccessList>(
  record: R | null,
  userId: string,
  action: StudentAction,
  now: Date,
  reachedAs?: string,
): asserts record is R {
  if (!record || !mayAccess(record, userId, 'view', now)) throw new NotFoundError(reachedAs ?? 'Student');
  if (mayAccess(record, userId, action, now)) return;
  // The role allows it, the record's state does not: a conflict, which upgrading again resolves.
  if (record.archived === true && CHANGES.has(action) && ROLE_RULES[roleOn(record, userId, now)!.role].allows.has(action)) {
    throw new IllegalStateError(STUDENT_ARCHIVED);
  }
  const refusal = DENIED[action]();
  throw reachedAs !== undefined && refusal instanceof NotFoundError ? new NotFoundError(reachedAs) : refusal;
}

/**
 * The instant (ms) from which what the user sees of these records may change by the clock alone: the soonest end
 * of their entries still running at `now`; Infinity if none ends.
 */
export function visibleUntil(records: readonly Pick<StudentAccessList, 'roles'>[], userId: string, now: Date): number {
  let until = Infinity;
  for (const record of records) {
    const entry = record.roles?.[userId];
    if (!entry) continue;
    const ends = ROLE_RULES[entry.role].endsAt(entry);
    if (ends > now.getTime() && ends < until) until = ends;
  }
  return until;
}
