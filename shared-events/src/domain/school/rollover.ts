import { z } from 'zod';
import { GRADES } from '../../schemas/student.ts';

/**
 * The year-end rollover of a school: grades move up one (K→1 … 11→12), grade 12 graduates (inactive, kept),
 * and every active plan's annual review is scheduled in the new school year. A school year runs from August 1st to
 * July 31st and is written '2026-2027'.
 */
export const schoolYearSchema = z
  .string({ required_error: 'School year is required' })
  .regex(/^\d{4}-\d{4}$/, 'School year must read like 2026-2027')
  .refine((year) => Number(year.slice(5)) === Number(year.slice(0, 4)) + 1, 'School year must read like 2026-2027');

/** POST /api/schools/:id/rollover */
export const rolloverFormSchema = z.object({ schoolYear: schoolYearSchema, dryRun: z.boolean().default(true) });

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

export type GradeChange = { kind: 'promote'; fromGrade: string; toGrade: string } | { kind: 'graduate'; fromGrade: string };

/**
 * What the rollover into `schoolYear` does to a student: promote, graduate, or nothing (inactive already, a grade it
 * does not know, or rolled over into that year already: applying twice changes nothing the second time).
 */
export function gradeChange(student: { grade: string; status: string; rolledOverTo: string | null }, schoolYear: string): GradeChange | null {
  if (student.status === 'inactive' || (student.rolledOverTo !== null && student.rolledOverTo >= schoolYear)) return null;
  const index = (GRADES as readonly string[]).indexOf(student.grade);
  if (index < 0) return null;
  const next = GRADES[index + 1];
  return next === undefined ? { kind: 'graduate', fromGrade: student.grade } : { kind: 'promote', fromGrade: student.grade, toGrade: next };
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
