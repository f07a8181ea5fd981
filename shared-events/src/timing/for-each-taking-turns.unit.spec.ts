import { describe, expect, it } from 'vitest';
import { forEachTakingTurns, timedTurnTaker } from './for-each-taking-turns.ts';

describe('forEachTakingTurns', () => {
  it('does every item in order, and lets a waiting callback run before it is done', async () => {
    const done: number[] = [];
    let servedAfter: number | null = null;
    setImmediate(() => (servedAfter = done.length));
    await forEachTakingTurns(Array.from({ length: 1_000 }, (_, i) => i), async (i) => void done.push(i), 100);
    expect(done).toEqual(Array.from({ length: 1_000 }, (_, i) => i));
    expect(servedAfter).toBe(100);
  });
});

describe('timedTurnTaker', () => {
  it('lets a waiting callback run once the loop has held the process that long, and not before', async () => {
    const takeTurn = timedTurnTaker(20);
    let served = false;
    setImmediate(() => (served = true));
    expect(takeTurn()).toBeNull();
    expect(served).toBe(false);
    const busyUntil = performance.now() + 25;
    while (performance.now() < busyUntil) {
      // An item that holds the process, as a projection's batch does.
    }
    // It looks at the clock every 16th call.
    for (let call = 2; call < 16; call++) expect(takeTurn()).toBeNull();
    await takeTurn();
    expect(served).toBe(true);
    expect(takeTurn()).toBeNull();
  });
});
