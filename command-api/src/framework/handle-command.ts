import { randomUUID } from 'node:crypto';
import { WrongExpectedRevisionError } from '@accommodate/shared-events/event-store/event-store';
import type { DomainEvent } from '@accommodate/shared-events/events/registry';
import type { Actor } from '@accommodate/shared-events/events/envelope';
import type { Decider } from '@accommodate/shared-events/domain/decider';
import { decideOnStream, loadStream, type CommandSource } from '@accommodate/shared-events/command-handling/decide-on-stream';
import { ConcurrencyError } from '@accommodate/shared-events/domain/errors';
import type { AppContext } from './command-context.ts';
import { openFoldedStates } from './folded-states.ts';

export type { StreamView } from '@accommodate/shared-events/command-handling/decide-on-stream';

export interface CommandOptions {
  actor: Actor;
  /**
   * The revision the client saw (If-Match); absent: "on top of whatever is there". A command is refused when the
   * stream has moved past it (412), and one made from the stream (a CommandSource function) is handed the stream to judge.
   */
  expectedRevision?: number | undefined;
  correlationId?: string;
  /**
   * Wait until the read models include the write, so the caller's next GET sees it.
   * Off for writes nobody reads back at once (seeding at start-up, the access log).
   */
  awaitReadModels?: boolean;
  /** For a refusal at a stale revision: the record as it now is, which the 412 hands the client to merge against. */
  currentOnStale?: () => Promise<unknown>;
}

/** Waiting longer than this for read models would only delay a reply that is already durable. */
const READ_YOUR_WRITES_TIMEOUT_MS = 3_000;

export interface CommandResult<State> {
  state: State;
  /** The stream's revision after the command, -1 when the stream still does not exist. */
  revision: number;
  newEvents: DomainEvent[];
}

/**
 * The API's write path: the one write loop (decideOnStream) with this process's cache of folded states, then a wait
 * until the read models include the write, so the caller's next GET sees it. A conflict with the client's If-Match
 * is its 412, with the current record when `currentOnStale` says how to read it.
 */
export async function handleCommand<State, Command, Event extends DomainEvent>(
  context: Pick<AppContext, 'eventStore' | 'progress'>,
  decider: Decider<State, Command, Event>,
  streamId: string,
  command: CommandSource<State, Command>,
  options: CommandOptions,
): Promise<CommandResult<State>> {
  try {
    const decided = await decideOnStream(context.eventStore, decider, streamId, command, {
      actor: options.actor,
      expectedRevision: options.expectedRevision,
      correlationId: options.correlationId,
      cache: openFoldedStates<State>(context.eventStore, decider),
    });
    if (decided.position !== null && options.awaitReadModels !== false) {
      await context.progress.waitForPosition(decided.position, READ_YOUR_WRITES_TIMEOUT_MS);
    }
    return { state: decided.state, revision: decided.revision, newEvents: decided.newEvents };
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
    throw await staleRefusal(context, streamId, error, options);
  }
}

/**
 * A fact that needs no decision (preferences set, an inbox read, an account gone): appended whatever the stream
 * holds, so it never conflicts, and read back as any command is.
 */
export async function appendFact(
  context: Pick<AppContext, 'eventStore' | 'progress'>,
  streamId: string,
  event: DomainEvent,
  options: Pick<CommandOptions, 'actor' | 'correlationId'>,
): Promise<void> {
  const result = await context.eventStore.append(streamId, [event], {
    expectedRevision: 'any',
    actor: options.actor,
    correlationId: options.correlationId ?? randomUUID(),
    causationId: null,
  });
  await context.progress.waitForPosition(result.position, READ_YOUR_WRITES_TIMEOUT_MS);
}

/** The aggregate's state as its stream now folds (for a route that must know it before it decides, e.g. sign-in). */
export async function readState<State, Event extends DomainEvent>(
  context: Pick<AppContext, 'eventStore'>,
  decider: Decider<State, never, Event>,
  streamId: string,
): Promise<State> {
  return (await loadStream(context.eventStore, decider, streamId)).state;
}

const CATCH_UP_TIMEOUT_MS = 3_000;

/**
 * Waits until the read models include everything in the log now: for an answer that must also show what a worker
 * wrote for the same cause meanwhile (Premium's end is followed by the workers as well as by its route).
 */
export async function awaitReadModelsAtHead(context: Pick<AppContext, 'eventStore' | 'progress'>): Promise<void> {
  const head = await context.eventStore.headPosition();
  if (head !== null) await context.progress.waitForPosition(head, READ_YOUR_WRITES_TIMEOUT_MS);
}

/** A stale revision: with `currentOnStale`, the record as it now is, once the read models include the stream's last event. */
async function staleRefusal(
  context: Pick<AppContext, 'eventStore' | 'progress'>,
  streamId: string,
  error: WrongExpectedRevisionError,
  options: CommandOptions,
): Promise<Error> {
  if (!options.currentOnStale) return error;
  const last = (await context.eventStore.readStream(streamId)).at(-1);
  if (last) await context.progress.waitForPosition(last.position, CATCH_UP_TIMEOUT_MS);
  return new ConcurrencyError(await options.currentOnStale());
}
