import { apiRequest } from './api-client.ts';

/**
 * A printout is a disclosure the access log must show (FERPA 34 CFR 99.32): tell the server at `path` (it works out
 * whose records are on the page), then print. Printing still happens if the call fails; the failure is the server's
 * to log.
 */
export async function recordThenPrint(path: string): Promise<void> {
  try {
    await apiRequest<void>(path, { method: 'POST' });
  } finally {
    window.print();
  }
}
