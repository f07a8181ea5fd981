import { describe, expect, it } from 'vitest';
import { backgroundTurn } from './background-turns.ts';

const holdFor = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // A piece of work that holds the process, as a projection's batch does.
  }
};

describe('backgroundTurn', () => {
  it('lets one piece of background work run a loop of the event loop, so that a request waits for one piece, not for every loop that yielded', async () => {
    const pieces: string[] = [];
    /** How many pieces ran between a callback being queued (as a request's arrival is) and its running. */
    const waitedFor: number[] = [];
    const work = async (name: string) => {
      for (let piece = 0; piece < 5; piece++) {
        pieces.push(name);
        holdFor(2);
        if (piece === 2) {
          const queuedAt = pieces.length;
          setTimeout(() => waitedFor.push(pieces.length - queuedAt), 0);
        }
        await backgroundTurn();
      }
    };
    await Promise.all(['a', 'b', 'c', 'd', 'e', 'f'].map(work));
    // Every piece ran, in turn.
    expect(pieces).toHaveLength(30);
    expect(pieces.slice(0, 12)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'a', 'b', 'c', 'd', 'e', 'f']);
    expect(waitedFor).toHaveLength(6);
    // With a bare setImmediate the five other loops' pieces ran before each of these callbacks.
    expect(Math.max(...waitedFor)).toBeLessThanOrEqual(1);
  });
});
