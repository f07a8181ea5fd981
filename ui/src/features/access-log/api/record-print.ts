import { apiRequest } from '../../../lib/api-client.ts';

/**
 * A printout is a disclosure the access log must show (FERPA 34 CFR 99.32): tell the
 * server, then print. Printing still happens if the call fails; the failure is the server's to log.
 */
export async function printStudentRecord(studentId: string): Promise<void> {
  try {
    await apiRequest<void>(`/api/students/${encodeURIComponent(studentId)}/access-log/print`, { method: 'POST' });
  } finally {
    window.print();
  }
}

/**
 * The accommodations at a glance list names every student on it: the server logs a print for each of them (it works
 * out who from the same filter, `usageQuery`), then the list prints.
 */
export async function printAccommodationUsage(usageQuery: string): Promise<void> {
  try {
    await apiRequest<void>(`/api/accommodations/usage/print${usageQuery}`, { method: 'POST' });
  } finally {
    window.print();
  }
}
