import { z } from 'zod';

/**
 * GET /api/account/deletion-preview, and what DELETE /api/account did: of the students the account owns, how many
 * pass to their longest-standing co-teacher and how many are erased with it.
 */
export const accountDeletionOutcomeSchema = z.object({ transferred: z.number().int().min(0), erased: z.number().int().min(0) });
export type AccountDeletionOutcome = z.infer<typeof accountDeletionOutcomeSchema>;

const students = (count: number) => `${count} student${count === 1 ? '' : 's'}`;

/** What the deletion dialog tells the owner before they confirm: '3 students will pass to their co-teachers; 2 will be erased.' */
export function accountDeletionSummary({ transferred, erased }: AccountDeletionOutcome): string {
  const passing = `will pass to ${transferred === 1 ? 'their co-teacher' : 'their co-teachers'}`;
  if (transferred > 0 && erased > 0) return `${students(transferred)} ${passing}; ${erased} will be erased.`;
  if (transferred > 0) return `${students(transferred)} ${passing}.`;
  if (erased > 0) return `${students(erased)} will be erased.`;
  return 'You own no students.';
}
