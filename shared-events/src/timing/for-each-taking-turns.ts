import { backgroundTurn } from './background-turns.ts';

/**
 * A function to await after each item of a long loop: every `turnEvery` calls it lets the event loop serve
 * whatever waits (requests, timers), taking its turn after the other background work that waits
 * (background-turns.ts). An await that resolves at once (an in-process job queue, a SQLite read) never leaves the
 * microtask queue, so a loop over thousands of records otherwise holds the process for its whole length: /readyz took
 * 3.5 s to answer on a first start that swept 20,000 plans.
 */
export function turnTaker(turnEvery = 100): () => Promise<void> {
  let sinceTurn = 0;
  return async () => {
    if (++sinceTurn < turnEvery) return;
    sinceTurn = 0;
    await backgroundTurn();
  };
}

/**
 * Like `turnTaker`, by time rather than count: for loops whose items vary in cost (a projection's events: a class's
 * enrolment refreshes sixty students, a note touches one), a turn once `everyMs` have passed since the last. Returns
 * null when no turn is due, so that a loop over a replay's events awaits nothing for most of them:
 * `const turn = takeTurn(); if (turn) await turn;`.
 */
export function timedTurnTaker(everyMs = 5): () => Promise<void> | null {
  let since = performance.now();
  let calls = 0;
  const turn = async () => {
    await backgroundTurn();
    since = performance.now();
  };
  // The clock is read every 16th call: read at every event, it was 4 % of a rebuild's main thread.
  return () => (++calls % 16 !== 0 || performance.now() - since < everyMs ? null : turn());
}

/** Runs `work` on each item in order, taking turns with the rest of the process (`turnTaker`). */
export async function forEachTakingTurns<T>(items: Iterable<T>, work: (item: T) => Promise<void> | void, turnEvery = 100): Promise<void> {
  const takeTurn = turnTaker(turnEvery);
  for (const item of items) {
    await work(item);
    await takeTurn();
  }
}
