import { FREE_STUDENT_LIMIT } from '../../config/plans.ts';

/**
 * Which of an account's students Premium's end archives: the ones it added first stay active, up to the
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

/** An account's student as the plan's rules see it; a school's student is the district's, not counted. */
export interface OwnedStudent {
  id: string;
  createdAt: string;
  archived?: boolean;
  schoolId?: string | null;
}

/** The account's students that count against the free limit: its own, not a school's, and not archived. */
export const countedAgainstFreeLimit = (owned: readonly OwnedStudent[]): OwnedStudent[] =>
  owned.filter((student) => !student.schoolId && student.archived !== true);

/**
 * What the account's plan asks of its students now: Premium restores every archived one; Free archives
 * those beyond the limit. The API does it after the plan's change and the workers again from the event.
 */
export function followPlan(isPremium: boolean, owned: readonly OwnedStudent[]): { type: 'RestoreStudent' | 'ArchiveStudent'; studentIds: string[] } {
  return isPremium
    ? { type: 'RestoreStudent', studentIds: owned.filter((student) => student.archived === true).map((student) => student.id) }
    : { type: 'ArchiveStudent', studentIds: studentsToArchive(countedAgainstFreeLimit(owned)) };
}
