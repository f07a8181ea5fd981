import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { sleep } from './sleep.ts';

describe('sleep', () => {
  it('ends early, without throwing, when the signal aborts; at once when it already has', async () => {
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 20);
    await sleep(10_000, controller.signal);
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect(sleep(10_000, controller.signal)).resolves.toBeUndefined();
  });

  it('leaves no listener on the signal once it ends, however many times it runs in a loop', async () => {
    const controller = new AbortController();
    for (let i = 0; i < 50; i++) await sleep(1, controller.signal);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});
