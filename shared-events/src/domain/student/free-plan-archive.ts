import { FREE_STUDENT_LIMIT } from '../../config/plans.ts';

/**
 * Which of an account's students Premium's end archives (issue 26): the ones it added first stay active, up to the
 * free limit, and the later ones are archived. Oldest first because those are the longest-standing records, and the
 * rule is one a teacher can predict; the Upgrade page says it in these words.
 */
export const FREE_PLAN_KEEPS = `The ${FREE_STUDENT_LIMIT} students you added first stay active. The others are archived: kept and readable, but not editable, and they come back when you upgrade again.`;

export function studentsToArchive(active: readonly { id: string; createdAt: string }[]): string[] {
  return [...active]
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
    .slice(FREE_STUDENT_LIMIT)
    .map((student) => student.id);
}
