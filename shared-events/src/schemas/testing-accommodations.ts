import { z } from 'zod';

/** One student on GET /api/classes/:id/testing-accommodations: the testing-day list. */
export const testingListRowSchema = z.object({
  student: z.object({ id: z.string(), name: z.string(), grade: z.string() }),
  accommodations: z.array(z.object({ id: z.string(), name: z.string(), category: z.string(), description: z.string().nullable() })),
});
export type TestingListRow = z.infer<typeof testingListRowSchema>;
