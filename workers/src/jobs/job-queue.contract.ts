import { afterEach, describe, expect, it } from 'vitest';
import type { JobQueue } from './job-queue.ts';

/**
 * The behaviour every JobQueue must show, run against each implementation.
 * `openQueue` gets a name unused so far in the run and must return a queue whose
 * retries back off briefly (tens of milliseconds) so the suite stays quick.
 */
export function describeJobQueueContract(implementation: string, openQueue: (queueName: string) => JobQueue): void {
  describe(`JobQueue contract: ${implementation}`, () => {
    const opened: JobQueue[] = [];
    let counter = 0;
    const open = (): JobQueue => {
      counter += 1;
      const queue = openQueue(`contract-${counter}`);
      opened.push(queue);
      return queue;
    };

    afterEach(async () => {
      await Promise.all(opened.splice(0).map((queue) => queue.close()));
    });

    it('runs an immediate job with its data', async () => {
      const queue = open();
      const seen: unknown[] = [];
      await queue.start({ 'review-reminder': async (data) => void seen.push(data) });
      await queue.enqueue('review-reminder', { planId: 'plan-1', days: 7 });
      await waitFor(() => seen.length === 1);
      expect(seen).toEqual([{ planId: 'plan-1', days: 7 }]);
    });

    it('runs a job enqueued before the consumer started, once it starts', async () => {
      const queue = open();
      const seen: unknown[] = [];
      await queue.enqueue('welcome-email', { userId: 'u-1' });
      await sleep(100);
      await queue.start({ 'welcome-email': async (data) => void seen.push(data) });
      await waitFor(() => seen.length === 1);
      expect(seen).toEqual([{ userId: 'u-1' }]);
    });

    it('runs a delayed job after its delay and not before', async () => {
      const queue = open();
      let ranAt: number | undefined;
      await queue.start({ 'review-reminder': async () => void (ranAt = Date.now()) });
      const enqueuedAt = Date.now();
      await queue.enqueue('review-reminder', {}, { delayMs: 700 });
      await sleep(300);
      expect(ranAt).toBeUndefined();
      await waitFor(() => ranAt !== undefined);
      // Timers may fire a few milliseconds early relative to our own clock reading.
      expect(ranAt! - enqueuedAt).toBeGreaterThanOrEqual(650);
    });

    it('treats a negative delay as "now"', async () => {
      const queue = open();
      let runs = 0;
      await queue.start({ sweep: async () => void (runs += 1) });
      await queue.enqueue('sweep', {}, { delayMs: -5000 });
      await waitFor(() => runs === 1);
    });

    it('runs a job enqueued twice with the same jobId once', async () => {
      const queue = open();
      const seen: unknown[] = [];
      await queue.start({ 'review-reminder': async (data) => void seen.push(data) });
      await queue.enqueue('review-reminder', { n: 1 }, { jobId: 'reminder:plan-1', delayMs: 200 });
      await queue.enqueue('review-reminder', { n: 2 }, { jobId: 'reminder:plan-1', delayMs: 200 });
      await waitFor(() => seen.length >= 1);
      await sleep(400);
      expect(seen).toEqual([{ n: 1 }]);
    });

    it('accepts job ids of any shape (numeric, with colons)', async () => {
      const queue = open();
      const seen: unknown[] = [];
      await queue.start({ job: async (data) => void seen.push(data) });
      await queue.enqueue('job', 'numeric', { jobId: '42' });
      await queue.enqueue('job', 'colons', { jobId: 'a:b:c:d' });
      await waitFor(() => seen.length === 2);
      expect([...seen].sort()).toEqual(['colons', 'numeric']);
    });

    it('cancel prevents a delayed job and frees its id', async () => {
      const queue = open();
      const seen: unknown[] = [];
      await queue.start({ 'review-reminder': async (data) => void seen.push(data) });
      await queue.enqueue('review-reminder', 'cancelled', { jobId: 'plan-1', delayMs: 300 });
      await queue.enqueue('review-reminder', 'kept', { jobId: 'plan-2', delayMs: 300 });
      await queue.cancel('plan-1');
      await queue.cancel('never-enqueued');
      await waitFor(() => seen.length >= 1);
      await sleep(300);
      expect(seen).toEqual(['kept']);

      await queue.enqueue('review-reminder', 'rescheduled', { jobId: 'plan-1' });
      await waitFor(() => seen.length === 2);
      expect(seen).toEqual(['kept', 'rescheduled']);
    });

    it('retries a failing handler', async () => {
      const queue = open();
      const calls: unknown[] = [];
      let done = false;
      await queue.start({
        'send-email': async (data) => {
          calls.push(data);
          if (calls.length === 1) throw new Error('SMTP unavailable');
          done = true;
        },
      });
      await queue.enqueue('send-email', { to: 'x' });
      await waitFor(() => done, 10_000);
      expect(calls).toEqual([{ to: 'x' }, { to: 'x' }]);
    });

    it('runs a job again when its id is enqueued after every try of it failed (how a sweep retries)', async () => {
      const queue = open();
      const calls: unknown[] = [];
      let smtpUp = false;
      await queue.start({
        'send-email': async (data) => {
          calls.push(data);
          if (!smtpUp) throw new Error('SMTP unavailable');
        },
      });
      await queue.enqueue('send-email', { to: 'x' }, { jobId: 'email:n1' });
      // Three tries (the default), then given up.
      await waitFor(() => calls.length === 3, 10_000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(calls).toHaveLength(3);

      smtpUp = true;
      await queue.enqueue('send-email', { to: 'x' }, { jobId: 'email:n1' });
      await waitFor(() => calls.length === 4, 10_000);
    });

    it('repeats a scheduled job, and upserting the scheduler replaces it', async () => {
      const queue = open();
      const seen: number[] = [];
      await queue.start({ sweep: async (data) => void seen.push((data as { v: number }).v) });
      await queue.schedule('daily-sweep', 250, 'sweep', { v: 1 });
      await waitFor(() => seen.filter((v) => v === 1).length >= 2, 5_000);

      await queue.schedule('daily-sweep', 250, 'sweep', { v: 2 });
      await waitFor(() => seen.filter((v) => v === 2).length >= 2, 5_000);
      const firstV2 = seen.indexOf(2);
      expect(seen.slice(firstV2)).not.toContain(1);
    });

    it('knows which recurring jobs exist (how a lost schedule is noticed)', async () => {
      const queue = open();
      expect(await queue.hasSchedule('daily-sweep')).toBe(false);
      await queue.schedule('daily-sweep', 60_000, 'sweep', {});
      expect(await queue.hasSchedule('daily-sweep')).toBe(true);
    });

    it('close waits for a running job to finish', async () => {
      const queue = open();
      let started = false;
      let finished = false;
      await queue.start({
        export: async () => {
          started = true;
          await sleep(300);
          finished = true;
        },
      });
      await queue.enqueue('export', {});
      await waitFor(() => started);
      await queue.close();
      expect(finished).toBe(true);
    });
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await sleep(20);
  }
}
