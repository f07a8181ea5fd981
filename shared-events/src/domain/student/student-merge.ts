import { STUDENT_DETAIL_FIELDS, type StudentDetailField } from '../../schemas/student.ts';
import type { StudentDetails } from './student.ts';

/** What a user's form holds, or what the record held at some revision. */
export interface StudentEdit {
  details: StudentDetails;
  accommodationIds: readonly string[];
}

/** An event written after the revision the client saw, with who wrote it and when. */
export interface LaterChange {
  type: string;
  data: unknown;
  actorId: string;
  occurredAt: string;
}

export interface FieldConflict {
  field: StudentDetailField;
  yours: string | null;
  theirs: string | null;
  byUserId: string;
  at: string;
}

export type MergeResult = { kind: 'merged'; edit: StudentEdit } | { kind: 'conflict'; conflicts: FieldConflict[] };

/**
 * A stale edit, merged field by field: the client's changes (its form against the
 * revision it saw) go on top of the record as it is now, unless someone else changed
 * one of those same fields since to another value. Assignments merge as sets: my
 * additions and removals are applied to the current set, so their additions and
 * removals are kept too.
 */
export function mergeStudentEdit(input: {
  seen: StudentEdit;
  current: StudentEdit;
  yours: StudentEdit;
  since: readonly LaterChange[];
}): MergeResult {
  const { seen, current, yours } = input;
  const lastChangeOf = new Map<StudentDetailField, LaterChange>();
  for (const change of input.since) {
    if (change.type !== 'StudentDetailsUpdated') continue;
    const changes = (change.data as { changes: Partial<StudentDetails> }).changes;
    for (const field of STUDENT_DETAIL_FIELDS) if (changes[field] !== undefined) lastChangeOf.set(field, change);
  }

  const details: StudentDetails = { ...current.details };
  const conflicts: FieldConflict[] = [];
  for (const field of STUDENT_DETAIL_FIELDS) {
    if (yours.details[field] === seen.details[field]) continue;
    const theirs = lastChangeOf.get(field);
    // Both changed it to the same value: nothing to choose between.
    if (theirs && current.details[field] !== yours.details[field]) {
      conflicts.push({ field, yours: yours.details[field], theirs: current.details[field], byUserId: theirs.actorId, at: theirs.occurredAt });
      continue;
    }
    (details as Record<StudentDetailField, string | null>)[field] = yours.details[field];
  }
  if (conflicts.length > 0) return { kind: 'conflict', conflicts };

  const added = yours.accommodationIds.filter((id) => !seen.accommodationIds.includes(id));
  const removed = new Set(seen.accommodationIds.filter((id) => !yours.accommodationIds.includes(id)));
  const accommodationIds = current.accommodationIds.filter((id) => !removed.has(id));
  for (const id of added) if (!accommodationIds.includes(id)) accommodationIds.push(id);
  return { kind: 'merged', edit: { details, accommodationIds } };
}
