import { z } from 'zod';
import { isoDate } from './iso-date.ts';

/** PUT /api/districts/:id/non-school-days and its answer: the district's days without school, besides weekends. */
export const nonSchoolDaysSchema = z.object({ dates: z.array(isoDate).max(400, 'At most 400 days') });
export type NonSchoolDays = z.infer<typeof nonSchoolDaysSchema>;
