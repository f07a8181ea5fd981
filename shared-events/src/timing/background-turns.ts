/**
 * Background work (the projections' batches, replays, sweeps, an import's steps) takes its turns of the event loop
 * one piece at a time: each loop of the event loop runs at most one waiting piece, then the requests and replies that
 * arrived meanwhile. With a bare `setImmediate` every loop that yielded in one loop of the event loop resumed in the
 * next one's check phase together: during an import, a dozen projections' 5 ms pieces and the job's steps ran back to
 * back, and each request waited for all of them. In turn, a request waits for one piece; the work itself takes as long.
 */
import { setImmediate as immediate } from 'node:timers';

const waiting: Array<() => void> = [];
let scheduled = false;

function handOut(): void {
  const next = waiting.shift();
  // Queued from within the check phase, the next hand-out runs in the next loop of the event loop, after its I/O.
  if (waiting.length > 0) immediate(handOut);
  else scheduled = false;
  next?.();
}

/** Resolves when it is this piece of background work's turn to go on: after every piece queued before it. */
export function backgroundTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (scheduled) return;
    scheduled = true;
    immediate(handOut);
  });
}
