import { useQuery } from '@tanstack/react-query';
import type { TestingListRow } from '@accommodate/shared-events/schemas/testing-accommodations';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { readerTimeZoneQuery } from '../../../lib/reader-time-zone.ts';
import { recordThenPrint } from '../../../lib/record-then-print.ts';

export type { TestingListRow };

const testingPath = (classId: string) => `/api/classes/${encodeURIComponent(classId)}/testing-accommodations`;

/** The class's students with the accommodations that apply to state and district tests. */
export const useTestingList = (classId: string) =>
  useQuery({ queryKey: queryKeys.classTestingList(classId), queryFn: () => apiRequest<TestingListRow[]>(testingPath(classId)) });

/** The class's list for the testing coordinator, one row per student and accommodation; the server logs it per student. */
export const classTestingCsvUrl = (classId: string) => `${testingPath(classId)}.csv?${readerTimeZoneQuery()}`;

/** The same for every student of the caseload. */
export const caseloadTestingCsvUrl = () => `/api/testing-accommodations.csv?${readerTimeZoneQuery()}`;

/** The printed list discloses each student on it: the server logs a print in each one's access log, then it prints. */
export const printTestingList = (classId: string): Promise<void> => recordThenPrint(`${testingPath(classId)}/print`);
