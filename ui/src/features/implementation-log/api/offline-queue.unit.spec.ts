import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { enqueueEntries, flushQueue, queuedEntries } from './offline-queue.ts';

const provided = { date: '2026-11-18', accommodationId: 'extended-time', outcome: 'provided' as const };
const refused = { ...provided, outcome: 'refused' as const, note: 'Wanted to finish with the class' };

beforeEach(() => {
  const kept = new Map<string, string>();
  vi.stubGlobal('window', { localStorage: { getItem: (key: string) => kept.get(key) ?? null, setItem: (key: string, value: string) => kept.set(key, value) } });
  vi.stubGlobal('navigator', { onLine: true });
});

describe('the implementation log’s offline queue', () => {
  it('keeps one entry per student, date and accommodation, per account: a newer tap replaces a waiting one', () => {
    enqueueEntries('olga', [{ studentId: 's1', entry: provided }]);
    enqueueEntries('olga', [{ studentId: 's1', entry: refused }]);
    expect(queuedEntries('olga')).toEqual([{ studentId: 's1', entry: refused }]);
    expect(queuedEntries('tom')).toEqual([]);
  });

  it('sends a batch per student once, even when two triggers ask at the same time, and crosses them off', async () => {
    enqueueEntries('olga', [{ studentId: 's1', entry: provided }, { studentId: 's2', entry: provided }]);
    const send = vi.fn(() => Promise.resolve());
    const [first, second] = await Promise.all([flushQueue('olga', send), flushQueue('olga', send)]);
    expect(send).toHaveBeenCalledTimes(2);
    expect(first).toEqual({ sent: 2, refused: 0, refusedEntries: [], stopped: false });
    expect(second).toBe(first);
    expect(queuedEntries('olga')).toEqual([]);
  });

  it('keeps everything while offline or when the connection fails, and sends it next time', async () => {
    enqueueEntries('olga', [{ studentId: 's1', entry: provided }]);
    vi.stubGlobal('navigator', { onLine: false });
    const send = vi.fn(() => Promise.resolve());
    expect(await flushQueue('olga', send)).toEqual({ sent: 0, refused: 0, refusedEntries: [], stopped: true });
    vi.stubGlobal('navigator', { onLine: true });
    expect(await flushQueue('olga', () => Promise.reject(new TypeError('Failed to fetch')))).toMatchObject({ stopped: true });
    expect(queuedEntries('olga')).toHaveLength(1);
    expect(await flushQueue('olga', send)).toEqual({ sent: 1, refused: 0, refusedEntries: [], stopped: false });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('takes what the server refuses for good (a 400) out of the queue, so it does not block the rest, and says why it was refused', async () => {
    enqueueEntries('olga', [{ studentId: 's1', entry: provided }, { studentId: 's2', entry: provided }]);
    const message = 'The student was not on the caseload yet on that date';
    const send = vi.fn((studentId: string) => (studentId === 's1' ? Promise.reject(new ApiRequestError(400, '', { message }, 'Bad Request')) : Promise.resolve()));
    expect(await flushQueue('olga', send)).toEqual({ sent: 1, refused: 1, refusedEntries: [{ studentId: 's1', entry: provided, reason: message }], stopped: false });
    expect(queuedEntries('olga')).toEqual([]);
  });
});
