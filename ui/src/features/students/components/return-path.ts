import { z } from 'zod';

/**
 * Where the edit form returns after a save or Cancel: the student's own page when the person came from it (Manage
 * Accommodations passes it in the navigation's state), else the Students list, as before. Only a student's page of
 * this app is taken, so the state can send no one elsewhere.
 */
const returnStateSchema = z.object({ returnTo: z.string().regex(/^\/students\/[^/?#]+$/) });

export const studentPageState = (studentId: string) => ({ returnTo: `/students/${encodeURIComponent(studentId)}` });

export const returnPathOf = (state: unknown): string => {
  const parsed = returnStateSchema.safeParse(state);
  return parsed.success ? parsed.data.returnTo : '/students';
};
