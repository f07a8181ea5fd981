import type { EventStore } from '@accommodate/shared-events/event-store/event-store';
import type { Position } from '@accommodate/shared-events/events/envelope';

export interface ProjectionCheckpoint {
  projection: string;
  /** The last position its serving build applied; null before the first. */
  checkpoint: Position | null;
}

export interface ProjectionLag {
  projection: string;
  /** Events in the log that it has not applied. */
  events: number;
  /** How long the oldest of them has waited: 0 when it has applied everything. */
  seconds: number;
}

/**
 * How far each projection trails the log: in events (head minus checkpoint, positions being dense in the embedded
 * log and an upper bound elsewhere), and in seconds, the age of the first event it has not applied, read from the
 * log (one event per projection behind, so a scrape stays cheap).
 */
export async function projectionLags(eventStore: Pick<EventStore, 'headPosition' | 'readAll'>, checkpoints: readonly ProjectionCheckpoint[], now: Date): Promise<ProjectionLag[]> {
  const head = (await eventStore.headPosition()) ?? 0n;
  const oldestAfter = new Map<string, number>();
  const lags: ProjectionLag[] = [];
  for (const { projection, checkpoint } of checkpoints) {
    const from = checkpoint ?? 0n;
    if (from >= head) {
      lags.push({ projection, events: 0, seconds: 0 });
      continue;
    }
    const key = from.toString();
    let occurredAt = oldestAfter.get(key);
    if (occurredAt === undefined) {
      occurredAt = now.getTime();
      for await (const event of eventStore.readAll({ after: from, batchSize: 1 })) {
        occurredAt = Date.parse(event.occurredAt);
        break;
      }
      oldestAfter.set(key, occurredAt);
    }
    lags.push({ projection, events: Number(head - from), seconds: Math.max(0, (now.getTime() - occurredAt) / 1000) });
  }
  return lags;
}
