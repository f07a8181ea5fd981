import { afterEach, describe, expect, it, vi } from 'vitest';
import { createInProcessJobQueue } from './in-process-job-queue.ts';

const DAY = 24 * 3600 * 1000;

describe('in-process job queue timing', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('holds a review reminder 40 days out until its day (beyond setTimeout’s ~24.8-day limit)', async () => {
    vi.useFakeTimers();
    const queue = createInProcessJobQueue();
    const seen: unknown[] = [];
    await queue.start({ 'review-reminder': async (data) => void seen.push(data) });
    await queue.enqueue('review-reminder', { planId: 'p-1' }, { delayMs: 40 * DAY });

    await vi.advanceTimersByTimeAsync(39 * DAY);
    expect(seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(DAY + 1);
    expect(seen).toEqual([{ planId: 'p-1' }]);
    await queue.close();
  });

  it('runs a daily sweep once a day, the first at once', async () => {
    vi.useFakeTimers();
    const queue = createInProcessJobQueue();
    let sweeps = 0;
    await queue.start({ sweep: async () => void (sweeps += 1) });
    await queue.schedule('daily-sweep', DAY, 'sweep', {});
    await vi.advanceTimersByTimeAsync(1);
    expect(sweeps).toBe(1);
    await vi.advanceTimersByTimeAsync(3 * DAY);
    expect(sweeps).toBe(4);
    await queue.close();
    await vi.advanceTimersByTimeAsync(2 * DAY);
    expect(sweeps).toBe(4);
  });

  it('gives up after the configured attempts', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const queue = createInProcessJobQueue({ attempts: 3, backoffMs: 100 });
    let calls = 0;
    await queue.start({
      flaky: async () => {
        calls += 1;
        throw new Error('always');
      },
    });
    await queue.enqueue('flaky', {});
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toBe(3);
    await queue.close();
  });

  it('runs a burst of due jobs a few at a time, so the requests arriving meanwhile are served', async () => {
    const queue = createInProcessJobQueue();
    const order: string[] = [];
    let inFlight = 0;
    let most = 0;
    await queue.start({
      remind: async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        order.push('job');
        await new Promise((resolve) => setImmediate(resolve));
        inFlight -= 1;
      },
    });
    // A start-up sweep finding thousands of plans with reminders due, then a request to answer.
    for (let i = 0; i < 200; i += 1) await queue.enqueue('remind', { i }, { jobId: `reminder-${i}` });
    setTimeout(() => order.push('request'), 0);
    await vi.waitFor(() => expect(order).toHaveLength(201));
    expect(most).toBeLessThanOrEqual(8);
    expect(order.indexOf('request')).toBeLessThan(20);
    await queue.close();
  });
});
