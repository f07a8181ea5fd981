import { z } from 'zod';
import { classDetailsSchema } from './class.ts';
import { accommodationWithSpecificsSchema, studentSchema } from './student.ts';

/**
 * GET /api/sub-plan/classes: the substitute's sheet by class period, for each active class the caller
 * teaches, its enrolled students the caller may see with their accommodations only (with the plan's specifics for each), nothing else of the record.
 */
export const subPlanClassSchema = z.object({
  class: z.object({ id: z.string(), ...classDetailsSchema.pick({ name: true, period: true, subject: true, room: true }).shape }),
  students: z.array(
    z.object({
      student: studentSchema.pick({ id: true, name: true, grade: true, status: true }),
      accommodations: z.array(accommodationWithSpecificsSchema),
    }),
  ),
});
export type SubPlanClass = z.infer<typeof subPlanClassSchema>;
