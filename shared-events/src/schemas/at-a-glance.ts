import { z } from 'zod';
import { GRADES, studentSchema } from './student.ts';

// "At a glance": the caseload grouped by accommodation, and students compared side by side.

/** An accommodation as both views name it. */
export const accommodationRefSchema = z.object({ id: z.string(), name: z.string(), category: z.string().nullable() });
export type AccommodationRef = z.infer<typeof accommodationRefSchema>;

/** GET /api/accommodations/usage ?grade= (the class filter is an id, checked like every id in a query). */
export const usageFilterSchema = z.object({
  grade: z
    .string()
    .refine((grade) => (GRADES as readonly string[]).includes(grade), 'Choose a grade from K to 12')
    .optional(),
});

/** One accommodation and the students who have it in force: 'Extended Time: 12 students'. */
export const accommodationUsageSchema = z.object({
  accommodation: accommodationRefSchema,
  count: z.number().int(),
  students: z.array(studentSchema.pick({ id: true, name: true, grade: true })),
});
export type AccommodationUsage = z.infer<typeof accommodationUsageSchema>;

export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;
const COMPARE_COUNT_MESSAGE = `Choose ${COMPARE_MIN} to ${COMPARE_MAX} students to compare`;

/** GET /api/students/compare?ids=a,b,c: 2 to 4 different students, in the order given. */
export const compareQuerySchema = z.object({
  ids: z
    .string({ required_error: COMPARE_COUNT_MESSAGE, invalid_type_error: COMPARE_COUNT_MESSAGE })
    .transform((ids) => [...new Set(ids.split(',').map((id) => id.trim()).filter((id) => id !== ''))])
    .pipe(z.array(z.string()).min(COMPARE_MIN, COMPARE_COUNT_MESSAGE).max(COMPARE_MAX, COMPARE_COUNT_MESSAGE)),
});

/** One student of a comparison: what carrying the plan out needs, as the class roster shows it, nothing private. */
export const comparedStudentSchema = z.object({
  ...studentSchema.pick({ id: true, name: true, grade: true, status: true }).shape,
  plan: z.object({ startDate: z.string(), reviewDate: z.string(), status: z.string() }).nullable(),
  accommodations: z.array(accommodationRefSchema),
});
export type ComparedStudent = z.infer<typeof comparedStudentSchema>;

/** What the students share, and what each has alone (keyed by student id); accommodations in force only. */
export const studentComparisonSchema = z.object({
  students: z.array(comparedStudentSchema),
  shared: z.array(accommodationRefSchema),
  only: z.record(z.string(), z.array(accommodationRefSchema)),
});
export type StudentComparison = z.infer<typeof studentComparisonSchema>;
