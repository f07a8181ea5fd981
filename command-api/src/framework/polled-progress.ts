import type { EventStore } from '@accommodate/shared-events/event-store/event-store';
import type { ReadStore } from '@accommodate/projections/store/read-store';
import type { Projection } from '@accommodate/projections/definitions/projection';
import type { ProjectionProgress } from './command-context.ts';

const POLL_MS = 15;
/** Where the store says when it changed, a look this often all the same: a notification lost in a reconnect costs no more. */
const NOTIFIED_POLL_MS = 250;

interface Waiter {
  position: bigint;
  resolve(reached: boolean): void;
}

/**
 * For an API process whose projections run elsewhere: read-your-writes from the checkpoints the projections process
 * commits beside its read models. One look serves every request waiting in this process (32 writers at once ask the
 * same question); it is taken again when the store says it changed, where it can (PostgreSQL's notifications), and
 * every POLL_MS otherwise.
 */
export function polledProgress(eventStore: EventStore, readStore: ReadStore, projections: readonly Projection[]): ProjectionProgress {
  const waiters = new Set<Waiter>();
  let looking = false;

  const lowestCheckpoint = async (): Promise<bigint | null> => {
    let lowest: bigint | null = null;
    const all = readStore.activeCheckpoints ? await readStore.activeCheckpoints() : null;
    for (const projection of projections) {
      const checkpoint = all ? (all.get(projection.name) ?? null) : ((await readStore.activeBuild(projection.name))?.checkpoint ?? null);
      if (checkpoint === null) return null;
      if (lowest === null || checkpoint < lowest) lowest = checkpoint;
    }
    return lowest;
  };
  const reached = async (position: bigint) => {
    const lowest = await lowestCheckpoint();
    return lowest !== null && lowest >= position;
  };
  const nextLook = (): Promise<unknown> =>
    readStore.nextChange ? readStore.nextChange(NOTIFIED_POLL_MS) : new Promise((resolve) => setTimeout(resolve, POLL_MS));

  async function lookWhileWaited(): Promise<void> {
    looking = true;
    try {
      while (waiters.size > 0) {
        // Asked for before the look: a change during it still wakes the next one.
        const changed = nextLook();
        const lowest = await lowestCheckpoint().catch(() => null);
        if (lowest !== null) for (const waiter of waiters) if (lowest >= waiter.position) waiter.resolve(true);
        if (waiters.size > 0) await changed;
      }
    } finally {
      looking = false;
    }
  }

  return {
    async waitForPosition(position, timeoutMs) {
      if (await reached(position)) return true;
      return new Promise<boolean>((resolve) => {
        const waiter: Waiter = {
          position,
          resolve: (value) => {
            clearTimeout(timer);
            waiters.delete(waiter);
            resolve(value);
          },
        };
        const timer = setTimeout(() => waiter.resolve(false), timeoutMs);
        waiters.add(waiter);
        if (!looking) void lookWhileWaited();
      });
    },
    async caughtUp() {
      const head = await eventStore.headPosition();
      return head === null || (await reached(head));
    },
  };
}
