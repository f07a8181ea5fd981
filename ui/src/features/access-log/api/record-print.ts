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
