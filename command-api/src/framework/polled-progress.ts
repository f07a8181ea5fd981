import type { EventStore } from '@accommodate/shared-events/event-store/event-store';
import type { ReadStore } from '@accommodate/projections/store/read-store';
import type { Projection } from '@accommodate/projections/definitions/projection';
import type { ProjectionProgress } from './command-context.ts';

const POLL_MS = 15;

/**
 * For an API process whose projections run elsewhere: read-your-writes by polling
 * the checkpoints the projections process commits beside its read models.
 */
export function polledProgress(eventStore: EventStore, readStore: ReadStore, projections: readonly Projection[]): ProjectionProgress {
  const lowestCheckpoint = async (): Promise<bigint | null> => {
    let lowest: bigint | null = null;
    for (const projection of projections) {
      const active = await readStore.activeBuild(projection.name);
      const checkpoint = active?.checkpoint ?? null;
      if (checkpoint === null) return null;
      if (lowest === null || checkpoint < lowest) lowest = checkpoint;
    }
    return lowest;
  };
  const reached = async (position: bigint) => {
    const lowest = await lowestCheckpoint();
    return lowest !== null && lowest >= position;
  };
  return {
    async waitForPosition(position, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (await reached(position)) return true;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      return reached(position);
    },
    async caughtUp() {
      const head = await eventStore.headPosition();
      return head === null || (await reached(head));
    },
  };
}
