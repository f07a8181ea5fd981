import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PausableTimer } from './pausable-timer.ts';

describe('a toast’s countdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const start = () => {
    const expired = vi.fn();
    return { expired, timer: new PausableTimer(5000, expired) };
  };

  it('closes the toast after 5 s when nothing holds it', () => {
    const { expired } = start();
    vi.advanceTimersByTime(4999);
    expect(expired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expired).toHaveBeenCalledOnce();
  });

  it('stands still while hovered, then goes on with the time it had left', () => {
    const { expired, timer } = start();
    vi.advanceTimersByTime(3000);
    timer.hold('hover');
    vi.advanceTimersByTime(60_000);
    expect(expired).not.toHaveBeenCalled();
    timer.release('hover');
    vi.advanceTimersByTime(1999);
    expect(expired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expired).toHaveBeenCalledOnce();
  });

  it('waits until every hold is released: the pointer leaving does not restart it while focus is still inside', () => {
    const { expired, timer } = start();
    timer.hold('hover');
    timer.hold('focus');
    timer.release('hover');
    vi.advanceTimersByTime(10_000);
    expect(expired).not.toHaveBeenCalled();
    timer.release('focus');
    vi.advanceTimersByTime(5000);
    expect(expired).toHaveBeenCalledOnce();
  });

  it('never fires once cancelled (the toast was closed or replaced)', () => {
    const { expired, timer } = start();
    timer.hold('hover');
    timer.cancel();
    timer.release('hover');
    vi.advanceTimersByTime(10_000);
    expect(expired).not.toHaveBeenCalled();
  });
});
