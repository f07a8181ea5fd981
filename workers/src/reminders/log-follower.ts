import type { EventStore } from '@accommodate/shared-events/event-store/event-store';
import type { EventEnvelope, Position } from '@accommodate/shared-events/events/envelope';
import type { Logger } from '@accommodate/shared-events/logging/logger';
import { turnTaker } from '@accommodate/shared-events/timing/for-each-taking-turns';
import type { StateCollection } from '@accommodate/projections/store/read-store';

export interface CheckpointDoc {
  id: string;
  position: string;
}

/**
 * Longest pause between tries of a failed reaction. The failure is nearly always Redis or a store
 * restarting, and the reaction should run within a second of its return; one try a second meanwhile is cheap.
 */
const MAX_RETRY_MS = 1_000;
/** A reaction still failing is logged on its first try and then every this many tries, not every second. */
const LOG_EVERY_TRIES = 30;
/**
 * The checkpoint is saved after this many events or this long after the last save, whichever comes first
 * (and at stop). Every reaction is idempotent, so replaying the events after a saved checkpoint is harmless;
 * saving after each handled event was a write per event, and catching up with a 100,000-event log on a
 * first start took seconds longer for it.
 */
const SAVE_EVERY_EVENTS = 200;
const SAVE_EVERY_MS = 1_000;
/** Events handled between two turns of the event loop while catching up, so requests are served meanwhile. */
const EVENTS_PER_TURN = 50;
const CHECKPOINT_ID = 'checkpoint';

export interface LogFollowerOptions {
  eventStore: EventStore;
  /** Where the follower keeps its checkpoint. */
  state: StateCollection<CheckpointDoc>;
  /** The event types `react` is called for; the others only move the checkpoint. */
  handled: ReadonlySet<string>;
  /** Idempotent: after a restart it sees again the events since the last saved checkpoint. */
  react: (envelope: EventEnvelope) => Promise<void>;
  logger: Logger;
  /** Aborted to stop; the follower's own waits end with it. */
  abort: AbortController;
  /** Pause that ends early when `abort` aborts. */
  pause: (ms: number) => Promise<void>;
  /** First back-off after a failed reaction (doubles, capped at MAX_RETRY_MS), and the wait before resubscribing. */
  retryMs: number;
}

export interface LogFollower {
  /** Resolves true once every event up to `position` has been handled. */
  whenProcessed(position: Position, timeoutMs: number): Promise<boolean>;
  stop(): Promise<void>;
}

/**
 * Follows the event log from a checkpoint of its own, reacting to the handled types: a failed reaction is retried
 * until it works, the subscription is resumed when it ends, and the checkpoint is saved now and then and at stop.
 */
export function followLog({ eventStore, state, handled, react, logger, abort, pause, retryMs }: LogFollowerOptions): LogFollower {
  let processed: Position | null = null;
  let unsaved = 0;
  let savedAt = Date.now();
  const takeTurn = turnTaker(EVENTS_PER_TURN);
  const waiters = new Set<() => void>();

  /** A failed reaction (Redis restarting, a store hiccup) is retried until it works: skipping it would lose a reminder. */
  const reactWithRetry = async (envelope: EventEnvelope): Promise<void> => {
    for (let attempt = 0; !abort.signal.aborted; attempt += 1) {
      try {
        await react(envelope);
        return;
      } catch (error) {
        if (attempt % LOG_EVERY_TRIES === 0) {
          logger.warn('notification reaction failed; retrying', {
            eventType: envelope.type,
            error: error instanceof Error ? error.name : typeof error,
            attempt: attempt + 1,
          });
        }
        await pause(Math.min(MAX_RETRY_MS, retryMs * 2 ** Math.min(attempt, 10)));
      }
    }
  };

  const saveCheckpoint = async (position: Position) => {
    await state.put({ id: CHECKPOINT_ID, position: position.toString() });
    unsaved = 0;
    savedAt = Date.now();
  };

  const markProcessed = (position: Position) => {
    processed = position;
    for (const wake of waiters) wake();
  };

  const follow = async (): Promise<void> => {
    while (!abort.signal.aborted) {
      try {
        const saved = await state.get(CHECKPOINT_ID);
        const after = saved ? BigInt(saved.position) : null;
        for await (const envelope of eventStore.subscribeToAll({ after, signal: abort.signal })) {
          if (handled.has(envelope.type)) {
            await reactWithRetry(envelope);
            if (abort.signal.aborted) return;
          }
          if (++unsaved >= SAVE_EVERY_EVENTS || Date.now() - savedAt >= SAVE_EVERY_MS) await saveCheckpoint(envelope.position);
          markProcessed(envelope.position);
          await takeTurn();
        }
      } catch (error) {
        if (abort.signal.aborted) return;
        logger.warn('event subscription ended; resubscribing', { error: error instanceof Error ? error.name : typeof error });
      }
      await pause(retryMs);
    }
  };
  const running = follow();

  return {
    async whenProcessed(position, timeoutMs) {
      const reached = () => processed !== null && processed >= position;
      if (reached()) return true;
      return new Promise<boolean>((resolve) => {
        const done = (result: boolean) => {
          clearTimeout(timer);
          waiters.delete(check);
          resolve(result);
        };
        const check = () => {
          if (reached()) done(true);
        };
        const timer = setTimeout(() => done(reached()), timeoutMs);
        waiters.add(check);
      });
    },
    async stop() {
      abort.abort();
      await running;
      // Keep what was processed since the last save, so a restart does not re-read it.
      if (processed !== null && unsaved > 0) await saveCheckpoint(processed).catch(() => undefined);
    },
  };
}
