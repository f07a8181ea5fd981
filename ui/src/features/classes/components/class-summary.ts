import type { SchoolClass } from '../api/get-classes.ts';

/** 'Period 3 · Math · Room 204 · 24 students': what tells one section from another. */
export function classSummary(schoolClass: Pick<SchoolClass, 'period' | 'subject' | 'room'>, studentCount: number): string {
  const parts = [
    schoolClass.period ? `Period ${schoolClass.period}` : null,
    schoolClass.subject,
    schoolClass.room ? `Room ${schoolClass.room}` : null,
    `${studentCount} student${studentCount === 1 ? '' : 's'}`,
  ];
  return parts.filter((part): part is string => Boolean(part)).join(' · ');
}
