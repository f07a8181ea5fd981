import { formatListDate } from '../../../lib/format-date-time.ts';
import { periodLabel, roomLabel } from '../../../lib/class-labels.ts';
import type { SchoolClass } from '../api/get-classes.ts';

/** 'Period 3 · Math · Room 204 · 24 students': what tells one section from another. */
export function classSummary(schoolClass: Pick<SchoolClass, 'period' | 'subject' | 'room'>, studentCount: number): string {
  const parts = [
    schoolClass.period ? periodLabel(schoolClass.period) : null,
    schoolClass.subject,
    schoolClass.room ? roomLabel(schoolClass.room) : null,
    `${studentCount} student${studentCount === 1 ? '' : 's'}`,
  ];
  return parts.filter((part): part is string => Boolean(part)).join(' · ');
}

/** 'Term: Aug 24, 2026 – Jan 15, 2027', or the one date known; null when the class has no term dates. */
export function termSummary({ termStart, termEnd }: Pick<SchoolClass, 'termStart' | 'termEnd'>): string | null {
  if (termStart && termEnd) return `Term: ${formatListDate(termStart)} – ${formatListDate(termEnd)}`;
  if (termStart) return `Term starts ${formatListDate(termStart)}`;
  if (termEnd) return `Term ends ${formatListDate(termEnd)}`;
  return null;
}
