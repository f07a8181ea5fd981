import { z } from 'zod';
import { GRADES } from '../../schemas/student.ts';

/**
 * The year-end rollover of a school: grades move up one (K→1 … 11→12), grade 12 graduates (inactive, kept), a
 * student in the school's highest grade below 12 moves up to another school and leaves this one (inactive, kept),
 * and every active plan's annual review is scheduled in the new school year. A school year runs from August 1st to
 * July 31st and is written '2026-2027'.
 */
export const schoolYearSchema = z
  .string({ required_error: 'School year is required' })
  .regex(/^\d{4}-\d{4}$/, 'School year must read like 2026-2027')
  .refine((year) => Number(year.slice(5)) === Number(year.slice(0, 4)) + 1, 'School year must read like 2026-2027');

/**
 * POST /api/schools/:id/rollover. `highestGrade`: the last grade the school teaches; without it, what its active
 * students suggest (highestGradeOf; the preview shows it, to be corrected when a grade happens to have nobody in it).
 */
export const rolloverFormSchema = z.object({
  schoolYear: schoolYearSchema,
  dryRun: z.boolean().default(true),
  highestGrade: z.enum(GRADES, { errorMap: () => ({ message: 'Highest grade must be one of the grades, K to 12' }) }).optional(),
});

const gradeIndex = (grade: string): number => (GRADES as readonly string[]).indexOf(grade);

/** The grades a school usually ends at below 12: an elementary school's 5 or 6, a middle school's 8. */
const USUAL_LAST_GRADES: readonly string[] = ['5', '6', '8'];

/**
 * The school's last grade as its active students suggest it: the highest grade they are in, when that is a grade a
 * school usually ends at (5, 6 or 8). Any other (a school still entering its students, whose highest so far is 3) says
 * nothing, and the school is taken to run to 12: a guess must not send a class out of its school.
 */
export function highestGradeOf(students: readonly { grade: string; status: string }[]): string | null {
  const indexes = students.filter((student) => student.status !== 'inactive').map((student) => gradeIndex(student.grade)).filter((index) => index >= 0);
  const highest = indexes.length === 0 ? undefined : GRADES[Math.max(...indexes)];
  return highest !== undefined && USUAL_LAST_GRADES.includes(highest) ? highest : null;
}

/** The first and last day (YYYY-MM-DD) of a school year. */
export const schoolYearDays = (schoolYear: string): { first: string; last: string } => ({
  first: `${schoolYear.slice(0, 4)}-08-01`,
  last: `${schoolYear.slice(5)}-07-31`,
});

/** The school year a day falls in. */
export const schoolYearOf = (day: string): string => {
  const year = Number(day.slice(0, 4));
  return day.slice(5) >= '08-01' ? `${year}-${year + 1}` : `${year - 1}-${year}`;
};

export type GradeChange =
  | { kind: 'promote'; fromGrade: string; toGrade: string }
  | { kind: 'graduate'; fromGrade: string }
  | { kind: 'move-up'; fromGrade: string };

/**
 * What the rollover into `schoolYear` does to a student: promote, graduate, move up out of a school whose highest
 * grade they finished, or nothing (inactive already, a grade it does not know, or rolled over into that year already:
 * applying twice changes nothing the second time). `highestGrade` null: the school runs to grade 12.
 */
export function gradeChange(student: { grade: string; status: string; rolledOverTo: string | null }, schoolYear: string, highestGrade: string | null): GradeChange | null {
  if (student.status === 'inactive' || (student.rolledOverTo !== null && student.rolledOverTo >= schoolYear)) return null;
  const index = gradeIndex(student.grade);
  if (index < 0) return null;
  const next = GRADES[index + 1];
  if (next === undefined) return { kind: 'graduate', fromGrade: student.grade };
  const last = highestGrade === null ? -1 : gradeIndex(highestGrade);
  return last >= 0 && index >= last ? { kind: 'move-up', fromGrade: student.grade } : { kind: 'promote', fromGrade: student.grade, toGrade: next };
}

/**
 * The annual review of an active plan, moved into `schoolYear`: the same month and day within it, when the review
 * falls before the year starts; null when it needs no move (it is in that year or later, or the plan is not active).
 */
export function reviewIn(plan: { reviewDate: string; status: string }, schoolYear: string): string | null {
  const { first } = schoolYearDays(schoolYear);
  if (plan.status !== 'active' || plan.reviewDate >= first) return null;
  const monthDay = plan.reviewDate.slice(5) === '02-29' ? '02-28' : plan.reviewDate.slice(5);
  const year = monthDay >= '08-01' ? schoolYear.slice(0, 4) : schoolYear.slice(5);
  return `${year}-${monthDay}`;
}
