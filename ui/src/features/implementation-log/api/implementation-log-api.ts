import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  ClassImplementationDay,
  ImplementationBatchResult,
  ImplementationCoverage,
  ImplementationEntry,
  ImplementationEntryInput,
} from '@accommodate/shared-events/schemas/implementation-log';
import type { SchoolClass } from '@accommodate/shared-events/schemas/class';
import type { Student } from '@accommodate/shared-events/schemas/student';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type { ClassImplementationDay, ImplementationEntry, ImplementationEntryInput, ImplementationCoverage };

/**
 * The log's query keys, after the house's rule (they start with the path they GET). Kept here, not in lib/query-keys.ts:
 * that module is in every route's first load, and nothing outside this feature asks for these.
 */
const implementationKeys = {
  student: (studentId: string) => ['/api/students', studentId, 'implementation-log'] as const,
  classDay: (classId: string, date: string) => ['/api/classes', classId, 'implementation-log', date] as const,
  caseloadDay: (date: string) => ['/api/implementation-log/caseload', date] as const,
  /** The caller's own students', or (with a school) the school's students'. */
  coverage: (schoolId?: string) => ['/api/implementation-log/coverage', schoolId ?? 'mine'] as const,
};

/** Whether a cached query holds any part of the log (a student's, a day's, the coverage): what a send refreshes. */
export const holdsImplementationLog = (queryKey: readonly unknown[]): boolean =>
  queryKey.some((part) => typeof part === 'string' && part.includes('implementation-log'));

const studentPath = (studentId: string) => `/api/students/${encodeURIComponent(studentId)}/implementation-log`;

/** A send that takes longer than this is given up and made again later (a resend is harmless). */
const SEND_TIMEOUT_MS = 20_000;

/** Entries for one student, as a batch: the server decides each as if sent alone, so a resend changes nothing. */
export const postImplementationEntries = (studentId: string, entries: readonly ImplementationEntryInput[]): Promise<ImplementationBatchResult> =>
  apiRequest<ImplementationBatchResult>(studentPath(studentId), { method: 'POST', body: entries, signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });

/** Whose day the day view shows: a class's roster, or the caller's own caseload (no class needed). */
export type DaySource = { classId: string } | 'caseload' | null;

export const useImplementationDay = (source: DaySource, date: string) =>
  useQuery(
    queryOptions({
      queryKey: source === 'caseload' ? implementationKeys.caseloadDay(date) : implementationKeys.classDay(source?.classId ?? '', date),
      queryFn: () =>
        apiRequest<ClassImplementationDay>(
          source === 'caseload' ? `/api/implementation-log/caseload?date=${date}` : `/api/classes/${encodeURIComponent(source?.classId ?? '')}/implementation-log?date=${date}`,
        ),
      enabled: source !== null,
    }),
  );

export const useStudentImplementationLog = (studentId: string) =>
  useQuery({ queryKey: implementationKeys.student(studentId), queryFn: () => apiRequest<ImplementationEntry[]>(studentPath(studentId)) });

/** The CSV export's address (a download: the server records it in the access log). */
export const implementationCsvUrl = (studentId: string): string => `${studentPath(studentId)}?format=csv`;

/** Per student, the school days logged since the plan started: the caller's own students, or a school's (its coordinators'). */
export const useImplementationCoverage = (schoolId?: string) =>
  useQuery({
    queryKey: implementationKeys.coverage(schoolId),
    queryFn: () => apiRequest<ImplementationCoverage>(`/api/implementation-log/coverage${schoolId === undefined ? '' : `?schoolId=${encodeURIComponent(schoolId)}`}`),
  });

/** The caller's classes, to choose one for the day view. */
export const useMyClasses = () => useQuery({ queryKey: queryKeys.classes(), queryFn: () => apiRequest<SchoolClass[]>('/api/classes') });

/** The caller's students (the same list and key as the students page), for the coverage's names. */
export const useCaseloadStudents = () => useQuery({ queryKey: queryKeys.students(), queryFn: () => apiRequest<Student[]>('/api/students') });
