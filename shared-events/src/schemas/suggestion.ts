import { z } from 'zod';
import { accommodationSchema } from './accommodation.ts';

/**
 * GET /api/students/:id/suggestions: an accommodation the student does not have, which often goes with one they do in
 * the caller's caseload. The reason is counts and accommodation names only ('8 of 10 students with Extended Time
 * also have Quiet Space'); `support` is the number of students with both.
 */
export const suggestionSchema = z.object({
  accommodation: accommodationSchema.pick({ id: true, name: true, category: true, description: true }),
  reason: z.string(),
  support: z.number().int(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;
