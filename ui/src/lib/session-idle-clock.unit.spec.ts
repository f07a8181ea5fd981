import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatTimeLeft, sessionIdleClock, type SharedLastRequest } from './session-idle-clock.ts';

const MINUTE = 60 * 1000;
const IDLE = 30 * MINUTE;

function watched(shared?: SharedLastRequest) {
  const seen: string[] = [];
  const clock = sessionIdleClock({
    idleMs: IDLE,
    onWarn: () => seen.push('warn'),
    onKept: () => seen.push('kept'),
    onEnd: () => seen.push('end'),
    ...(shared ? { shared } : {}),
  });
  return { clock, seen };
}

describe('the session idle clock', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-26T09:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('warns two minutes before the end (counted a minute early, as the server notes activity by the minute), then ends', () => {
    const { clock, seen } = watched();
    vi.advanceTimersByTime(27 * MINUTE - 1);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['warn']);
    expect(formatTimeLeft(clock.remainingMs())).toBe('2:00');

    vi.advanceTimersByTime(MINUTE + 15_000);
    expect(formatTimeLeft(clock.remainingMs())).toBe('0:45');
    vi.advanceTimersByTime(45_000);
    expect(seen).toEqual(['warn', 'end']);
    expect(clock.remainingMs()).toBe(0);
  });

  it('a request while warned (Stay signed in) closes the warning and starts the count again', () => {
    const { clock, seen } = watched();
    vi.advanceTimersByTime(28 * MINUTE);
    clock.requestSent();
    expect(seen).toEqual(['warn', 'kept']);
    expect(formatTimeLeft(clock.remainingMs())).toBe('29:00');

    vi.advanceTimersByTime(28 * MINUTE);
    expect(seen).toEqual(['warn', 'kept', 'warn']);
  });

  it('every own request before the warning pushes it back', () => {
    const { clock, seen } = watched();
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(20 * MINUTE);
      clock.requestSent();
    }
    expect(seen).toEqual([]);
  });

  it('counts a request made in another tab, whose session is the same', () => {
    let othersLast: number | null = null;
    const shared: SharedLastRequest = { read: () => othersLast, write: (at) => void (othersLast = at) };
    const { clock, seen } = watched(shared);
    vi.advanceTimersByTime(27 * MINUTE);
    expect(seen).toEqual(['warn']);

    othersLast = Date.now();
    clock.check();
    expect(seen).toEqual(['warn', 'kept']);
    // Even unannounced, the other tab's request is seen when this tab would have warned: no dialog.
    vi.advanceTimersByTime(25 * MINUTE);
    othersLast = Date.now();
    vi.advanceTimersByTime(10 * MINUTE);
    expect(seen).toEqual(['warn', 'kept']);
  });

  it('ends at once when the computer wakes after the limit passed, without warning first', () => {
    const { seen } = watched();
    // Asleep for three hours: the wall clock jumped, and the overdue timer fires on waking.
    vi.setSystemTime(Date.now() + 3 * 60 * MINUTE);
    vi.advanceTimersByTime(27 * MINUTE);
    expect(seen).toEqual(['end']);
  });

  it('ends once and does nothing after it was stopped', () => {
    const { clock, seen } = watched();
    clock.stop();
    vi.advanceTimersByTime(60 * MINUTE);
    clock.requestSent();
    expect(seen).toEqual([]);
  });
});
