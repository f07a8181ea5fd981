import { randomUUID } from 'node:crypto';
import type { EventEnvelope, EventMetadata, Position } from '../../events/envelope.ts';
import { SYSTEM_ACTOR } from '../../events/envelope.ts';
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  ReadAllOptions,
  SubscribeOptions,
} from '../event-store.ts';
import { WrongExpectedRevisionError } from '../event-store.ts';
import type { DomainEvent } from '../../events/registry.ts';
import { encodeEvent } from '../../events/registry.ts';

/**
 * A test double for the EventStore: the log in an array, under the same contract as the real stores
 * (event-store.contract.ts). Positions step by POSITION_STEP so that nothing comes to rely on them being
 * consecutive. `redeliver` rewinds live subscriptions, as a reconnect that resumes early would.
 */
const POSITION_STEP = 10n;

export class InMemoryEventStore implements EventStore {
  private readonly log: EventEnvelope[] = [];
  private readonly revisions = new Map<string, number>();
  private readonly wakers = new Set<() => void>();
  private readonly rewinds = new Set<(after: Position | null) => void>();
  private closed = false;

  async append(
    streamId: string,
    events: readonly DomainEvent[],
    options: { expectedRevision: ExpectedRevision } & EventMetadata,
  ): Promise<AppendResult> {
    // Validated as the real stores do before anything is written, so a bad event fails its whole append.
    const valid = events.map((event) => ({ type: event.type, data: encodeEvent(event).data }));
    return this.appendRaw(streamId, valid, options);
  }

  /** Appends events of any type, so that tests can use toy events outside the domain registry. */
  appendRaw(
    streamId: string,
    events: readonly { type: string; data: unknown }[],
    options: { expectedRevision?: ExpectedRevision } & Partial<EventMetadata> = {},
  ): AppendResult {
    const current = this.revisions.get(streamId) ?? -1;
    const expected = options.expectedRevision ?? 'any';
    if ((expected === 'no_stream' && current !== -1) || (typeof expected === 'number' && expected !== current)) {
      throw new WrongExpectedRevisionError(streamId, expected, current);
    }
    let revision = current;
    let position = this.log.at(-1)?.position ?? 0n;
    for (const event of events) {
      revision += 1;
      position += POSITION_STEP;
      this.log.push({
        eventId: randomUUID(),
        type: event.type,
        data: structuredClone(event.data),
        streamId,
        revision,
        position,
        occurredAt: new Date().toISOString(),
        actor: options.actor ?? SYSTEM_ACTOR,
        correlationId: options.correlationId ?? randomUUID(),
        causationId: options.causationId ?? null,
        schemaVersion: 1,
      });
    }
    this.revisions.set(streamId, revision);
    for (const wake of this.wakers) wake();
    return { nextRevision: revision, position };
  }

  /** Makes every live subscription deliver again everything after `after`. */
  redeliver(after: Position | null): void {
    for (const rewind of this.rewinds) rewind(after);
    for (const wake of this.wakers) wake();
  }

  async readStream(streamId: string): Promise<EventEnvelope[]> {
    return this.log.filter((e) => e.streamId === streamId);
  }

  async *readAll(options: ReadAllOptions = {}): AsyncIterable<EventEnvelope> {
    const after = options.after ?? null;
    const end = this.log.length;
    for (let i = this.indexAfter(after); i < end; i++) yield this.log[i]!;
  }

  async *subscribeToAll(options: SubscribeOptions = {}): AsyncIterable<EventEnvelope> {
    let next = this.indexAfter(options.after ?? null);
    const rewind = (after: Position | null) => {
      next = this.indexAfter(after);
    };
    let wake: (() => void) | null = null;
    const waker = () => wake?.();
    this.rewinds.add(rewind);
    this.wakers.add(waker);
    const onAbort = () => wake?.();
    options.signal?.addEventListener('abort', onAbort);
    try {
      while (!this.closed && !options.signal?.aborted) {
        if (next < this.log.length) {
          yield this.log[next++]!;
          continue;
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = null;
      }
    } finally {
      this.rewinds.delete(rewind);
      this.wakers.delete(waker);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  async headPosition(): Promise<Position | null> {
    return this.log.at(-1)?.position ?? null;
  }

  async ping(): Promise<void> {
    if (this.closed) throw new Error('Event store is closed');
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const wake of this.wakers) wake();
  }

  private indexAfter(after: Position | null): number {
    if (after === null) return 0;
    // Binary search: positions only grow.
    let low = 0;
    let high = this.log.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.log[mid]!.position <= after) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}
