import { recordThenPrint } from '../../../lib/record-then-print.ts';

/** The printed roster discloses each student on it: the server logs a print in each one's access log, then it prints. */
export const printClassRoster = (classId: string): Promise<void> => recordThenPrint(`/api/classes/${encodeURIComponent(classId)}/roster/print`);
