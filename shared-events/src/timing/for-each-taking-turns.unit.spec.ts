import { describe, expect, it } from 'vitest';
import { forEachTakingTurns } from './for-each-taking-turns.ts';

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
