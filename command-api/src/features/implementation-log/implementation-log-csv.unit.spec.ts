import { describe, expect, it } from 'vitest';
import { implementationLogCsv } from './implementation-log-csv.ts';

describe('the implementation log CSV', () => {
  it('names who logged each entry, not their account id', () => {
    const csv = implementationLogCsv(
      [{ studentId: 's1', date: '2026-11-27', accommodationId: 'a1', outcome: 'provided', note: null, loggedBy: 'user-7f3a', loggedAt: '2026-11-27T14:05:00.000Z' }],
      [{ id: 'a1', name: 'Extended Time', category: null, status: 'active' }],
      new Map([['user-7f3a', 'Olive Owner']]),
    );
    const [header, row] = csv.trim().split(/\r?\n/);
    expect(header).toContain('Logged by');
    expect(header).not.toContain('user id');
    expect(row).toContain('Olive Owner');
    expect(row).not.toContain('user-7f3a');
  });
});
