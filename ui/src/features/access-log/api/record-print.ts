import { recordThenPrint } from '../../../lib/record-then-print.ts';

/** Prints a student's page, after its access log has the print. */
export const printStudentRecord = (studentId: string): Promise<void> => recordThenPrint(`/api/students/${encodeURIComponent(studentId)}/access-log/print`);

/**
 * The accommodations at a glance list names every student on it: the server logs a print for each of them (it works
 * out who from the same filter, `usageQuery`), then the list prints.
 */
export const printAccommodationUsage = (usageQuery: string): Promise<void> => recordThenPrint(`/api/accommodations/usage/print${usageQuery}`);
