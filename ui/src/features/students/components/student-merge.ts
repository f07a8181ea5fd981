import { z } from 'zod';
import { studentConflictSchema, type StudentConflict } from '@accommodate/shared-events/schemas/co-editing';
import { STUDENT_DETAIL_FIELDS, studentSchema, type Student, type StudentInput } from '@accommodate/shared-events/schemas/student';

/** The 412 body of PUT /api/students/:id when both users changed the same field. */
export const studentConflictBodySchema = z.object({
  message: z.string(),
  current: studentSchema,
  conflicts: z.array(studentConflictSchema).min(1),
});
export type StudentConflictBody = z.infer<typeof studentConflictBodySchema>;

export type MergeSide = 'yours' | 'theirs';
export type MergeChoices = Record<string, MergeSide>;

export const FIELD_LABELS: Record<string, string> = {
  firstName: 'First Name',
  lastInitial: 'Last Initial',
  grade: 'Grade',
  status: 'Status',
  birthdate: 'Birthdate',
  parentName: 'Parent/Guardian Name',
  parentEmail: 'Parent/Guardian Email',
  parentNotes: 'Parent/Guardian Notes',
  notes: 'Notes',
  accommodationIds: 'Accommodations',
};

const same = (a: unknown, b: unknown): boolean => (a ?? null) === (b ?? null);

/**
 * The full form to re-send after a 412, as the server would have merged it:
 * each conflicting field as the user chose; any other field I changed keeps my value,
 * the rest take the current record's (so their edits survive); accommodations merge
 * as sets, my additions plus both sides' removals.
 */
export function resolveStudentMerge(args: {
  base: Student;
  mine: StudentInput;
  current: Student;
  conflicts: StudentConflict[];
  choices: MergeChoices;
}): StudentInput {
  const { base, mine, current, conflicts, choices } = args;
  const chosen = new Map(conflicts.map((conflict) => [conflict.field, conflict]));
  const merged: Record<string, unknown> = {};
  for (const field of STUDENT_DETAIL_FIELDS) {
    const conflict = chosen.get(field);
    if (conflict) merged[field] = choices[field] === 'theirs' ? (conflict.theirs ?? null) : mine[field];
    else merged[field] = same(mine[field], base[field]) ? current[field] : mine[field];
  }

  const conflictOnAccommodations = chosen.get('accommodationIds');
  if (conflictOnAccommodations && choices.accommodationIds === 'theirs') {
    merged.accommodationIds = conflictOnAccommodations.theirs ?? current.accommodationIds;
  } else {
    const baseIds = new Set(base.accommodationIds);
    const mineIds = new Set(mine.accommodationIds);
    const removedByMe = new Set(base.accommodationIds.filter((id) => !mineIds.has(id)));
    const addedByMe = mine.accommodationIds.filter((id) => !baseIds.has(id));
    merged.accommodationIds = [...new Set([...current.accommodationIds, ...addedByMe])].filter((id) => !removedByMe.has(id));
  }
  return merged as StudentInput;
}
