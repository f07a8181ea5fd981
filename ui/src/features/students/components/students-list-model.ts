import { GRADES, displayName, gradeLabel, studentStatusLabel, type StudentAccommodation, type StudentListItem } from '@accommodate/shared-events/schemas/student';
import type { Plan } from '@accommodate/shared-events/schemas/plan';

export interface StudentRow {
  student: StudentListItem;
  name: string;
  status: string;
  accommodations: StudentAccommodation[];
  /** Most recent plan lastUpdated, or null without plans. */
  lastUpdated: string | null;
  /** Earliest plan reviewDate, or null without plans. */
  reviewDue: string | null;
}

export type GroupBy = 'none' | 'grade' | 'status' | 'class';

export interface StudentFilters {
  search: string;
  status: string;
  grade: string;
  accommodation: string;
  /** A class's id. */
  classId: string;
}

/** A class as the list needs it: the page passes the classes feature's, so this one need not import it. */
export interface ClassOption {
  id: string;
  name: string;
  studentIds: readonly string[];
}

export const ALL = 'all';
export const NO_FILTERS: StudentFilters = { search: '', status: ALL, grade: ALL, accommodation: ALL, classId: ALL };

/** Spec section 4: a missing status counts as active. */
export const effectiveStatus = (status: string | null | undefined): string => (status ? status : 'active');

/** 'issue' reads 'Attention Required' on list badges and 'Requires Attention' in the detail and the filter. */
export const statusLabel = (status: string, where: 'list' | 'detail'): string =>
  status === 'issue' && where === 'list' ? 'Attention Required' : studentStatusLabel(status);

export const statusColor = (status: string): string =>
  status === 'active' ? 'green' : status === 'issue' ? 'red' : status === 'inactive' ? 'default' : 'blue';

export function buildRows(
  students: readonly StudentListItem[],
  accommodationsByStudent: Record<string, StudentAccommodation[]> | undefined,
  plans: readonly Plan[] | undefined,
): StudentRow[] {
  const datesByStudent = new Map<string, { lastUpdated: string | null; reviewDue: string | null }>();
  for (const plan of plans ?? []) {
    const dates = datesByStudent.get(plan.studentId) ?? { lastUpdated: null, reviewDue: null };
    if (!dates.lastUpdated || plan.lastUpdated > dates.lastUpdated) dates.lastUpdated = plan.lastUpdated;
    if (!dates.reviewDue || plan.reviewDate < dates.reviewDue) dates.reviewDue = plan.reviewDate;
    datesByStudent.set(plan.studentId, dates);
  }
  return students.map((student) => ({
    student,
    name: displayName(student),
    status: effectiveStatus(student.status),
    accommodations: accommodationsByStudent?.[student.id] ?? [],
    lastUpdated: datesByStudent.get(student.id)?.lastUpdated ?? null,
    reviewDue: datesByStudent.get(student.id)?.reviewDue ?? null,
  }));
}

export const isFiltered = (filters: StudentFilters): boolean =>
  filters.search.trim() !== '' || filters.status !== ALL || filters.grade !== ALL || filters.accommodation !== ALL || filters.classId !== ALL;

/**
 * Spec section 5: every filter must hold (AND); search matches name, grade or any accommodation name. A class
 * filter naming no class of mine (archived, or a stale address) keeps nobody.
 */
export function filterRows(rows: readonly StudentRow[], filters: StudentFilters, classes: readonly ClassOption[] = []): StudentRow[] {
  const query = filters.search.trim().toLowerCase();
  const enrolled = filters.classId === ALL ? null : new Set(classes.find((option) => option.id === filters.classId)?.studentIds ?? []);
  return rows.filter((row) => {
    if (enrolled && !enrolled.has(row.student.id)) return false;
    if (filters.status !== ALL && row.status !== filters.status) return false;
    if (filters.grade !== ALL && row.student.grade !== filters.grade) return false;
    if (filters.accommodation !== ALL && !row.accommodations.some((a) => a.name === filters.accommodation)) return false;
    if (query === '') return true;
    return (
      row.name.toLowerCase().includes(query) ||
      row.student.grade.toLowerCase().includes(query) ||
      row.accommodations.some((a) => a.name.toLowerCase().includes(query))
    );
  });
}

/** K first, then numerically; unknown grades last, alphabetically. */
export function compareGrades(a: string, b: string): number {
  const rank = (grade: string) => {
    const index = (GRADES as readonly string[]).indexOf(grade);
    return index === -1 ? GRADES.length : index;
  };
  return rank(a) - rank(b) || a.localeCompare(b);
}

export const gradeOptions = (rows: readonly StudentRow[]): string[] =>
  [...new Set(rows.map((row) => row.student.grade))].sort(compareGrades);

export const accommodationOptions = (rows: readonly StudentRow[]): string[] =>
  [...new Set(rows.flatMap((row) => row.accommodations.map((a) => a.name)))].sort((a, b) => a.localeCompare(b));

export interface StudentGroup {
  key: string;
  title: string | null;
  rows: StudentRow[];
}

const STATUS_ORDER = ['active', 'issue', 'inactive'];

/** By class: a student in two classes is in both groups; one in none, under 'No class', last. */
function groupByClass(rows: readonly StudentRow[], classes: readonly ClassOption[]): StudentGroup[] {
  const groups = classes.flatMap((option) => {
    const inClass = rows.filter((row) => option.studentIds.includes(row.student.id));
    return inClass.length === 0 ? [] : [{ key: option.id, title: option.name, rows: inClass }];
  });
  const placed = new Set(groups.flatMap((group) => group.rows.map((row) => row.student.id)));
  const none = rows.filter((row) => !placed.has(row.student.id));
  return none.length === 0 ? groups : [...groups, { key: 'no-class', title: 'No class', rows: none }];
}

export function groupRows(rows: readonly StudentRow[], groupBy: GroupBy, classes: readonly ClassOption[] = []): StudentGroup[] {
  if (groupBy === 'none') return [{ key: 'all', title: null, rows: [...rows] }];
  if (groupBy === 'class') return groupByClass(rows, classes);
  const groups = new Map<string, StudentRow[]>();
  for (const row of rows) {
    const key = groupBy === 'grade' ? row.student.grade : row.status;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const keys = [...groups.keys()].sort(
    groupBy === 'grade'
      ? compareGrades
      : (a, b) => {
          const rank = (s: string) => (STATUS_ORDER.includes(s) ? STATUS_ORDER.indexOf(s) : STATUS_ORDER.length);
          return rank(a) - rank(b) || a.localeCompare(b);
        },
  );
  return keys.map((key) => ({
    key,
    title: groupBy === 'grade' ? gradeLabel(key) : statusLabel(key, 'detail'),
    rows: groups.get(key) ?? [],
  }));
}

export const studentCountLabel = (count: number): string => `${count} student${count === 1 ? '' : 's'}`;
