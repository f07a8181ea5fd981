import { randomUUID } from 'node:crypto';
import { WrongExpectedRevisionError, type EventStore } from '@accommodate/shared-events/event-store/event-store';
import { canForgetSubjects } from '@accommodate/shared-events/event-store/shredding-event-store';
import type { DomainEvent } from '@accommodate/shared-events/events/registry';
import type { Actor, Position } from '@accommodate/shared-events/events/envelope';
import type { EventEnvelope } from '@accommodate/shared-events/events/envelope';
import { fold, type Decider } from '@accommodate/shared-events/domain/decider';
import { isEventOf } from '@accommodate/shared-events/domain/event-types';
import type { AppContext } from './command-context.ts';

export interface CommandOptions {
  actor: Actor;
  /** From If-Match. When given and stale, the command is refused before deciding. */
  expectedRevision?: number | undefined;
  correlationId?: string;
  /**
   * Wait until the read models include the write, so the caller's next GET sees it.
   * Off for writes nobody reads back at once (seeding at start-up).
   */
  awaitReadModels?: boolean;
}

export interface CommandResult<State> {
  state: State;
  /** The stream's revision after the command, -1 when the stream still does not exist. */
  revision: number;
  newEvents: DomainEvent[];
}

/** Waiting longer than this for read models would only delay a reply that is already durable. */
const READ_YOUR_WRITES_TIMEOUT_MS = 3_000;

/**
 * Folded state per stream, so a command on a stream this process just wrote does not re-read and
 * re-fold its whole history. Only ever trusted through a conditional append: a command decided on a
 * cached state must append at the cached revision, which fails if anyone else wrote since; a cached
 * decision that appends nothing or is refused is not trusted either, and is made again from the log.
 * Entries go when any subject is erased in this process (they may hold its plaintext) and after
 * STATE_CACHE_MS (an erasure by another process shows within the shredding key cache's 30 s too).
 */
const STATE_CACHE_MS = 30_000;
const MAX_CACHED_STREAMS = 1_000;
interface FoldedState {
  state: unknown;
  revision: number;
  at: number;
  erasures: number;
}
const foldedStates = new WeakMap<EventStore, WeakMap<object, Map<string, FoldedState>>>();

/** null when states must not be cached: an erasing store that cannot say when it erased. */
function erasuresOf(store: EventStore): number | null {
  if (!canForgetSubjects(store)) return 0;
  return typeof store.erasures === 'number' ? store.erasures : null;
}

function statesFor(store: EventStore, decider: object): Map<string, FoldedState> {
  let byDecider = foldedStates.get(store);
  if (!byDecider) foldedStates.set(store, (byDecider = new WeakMap()));
  let states = byDecider.get(decider);
  if (!states) byDecider.set(decider, (states = new Map()));
  return states;
}

const isFresh = (entry: FoldedState, erasures: number | null) => entry.erasures === erasures && Date.now() - entry.at < STATE_CACHE_MS;

/**
 * The state and revision this process last folded for the stream, if still fresh. Not proof that
 * the stream is still at that revision (another process may have written since): a decision made
 * on it must be handed to handleCommand with `expectedRevision` set to it, whose conditional append
 * then fails with WrongExpectedRevisionError, appending nothing, if the stream has moved on.
 * Read-only: the object is the cache's own.
 */
export function cachedState<State>(
  context: Pick<AppContext, 'eventStore'>,
  decider: Pick<Decider<State, never, never>, 'initialState'>,
  streamId: string,
): { readonly state: State; readonly revision: number } | undefined {
  const erasures = erasuresOf(context.eventStore);
  if (erasures === null) return undefined;
  const entry = foldedStates.get(context.eventStore)?.get(decider)?.get(streamId);
  return entry && isFresh(entry, erasures) ? { state: entry.state as State, revision: entry.revision } : undefined;
}

/** A copy the caller cannot change under the cache; undefined when the state cannot be copied. */
function snapshot(state: unknown): unknown {
  try {
    return structuredClone(state);
  } catch {
    return undefined;
  }
}

/**
 * Load → decide → append, after emmett's CommandHandler. The append expects the
 * revision the decision was made on, so a concurrent writer makes it fail rather
 * than be overwritten; the caller maps that to 412.
 */
export async function handleCommand<State, Command, Event extends DomainEvent>(
  context: Pick<AppContext, 'eventStore' | 'progress'>,
  decider: Decider<State, Command, Event>,
  streamId: string,
  command: Command,
  options: CommandOptions,
): Promise<CommandResult<State>> {
  const store = context.eventStore;
  // Read before loading, so an erasure during the load makes the entry stale.
  const erasures = erasuresOf(store);
  const states = erasures === null ? undefined : statesFor(store, decider);
  const cached = states?.get(streamId);
  if (states && cached) {
    states.delete(streamId);
    if (isFresh(cached, erasures) && (options.expectedRevision === undefined || options.expectedRevision === cached.revision)) {
      const state = cached.state as State;
      let newEvents: Event[] | undefined;
      try {
        newEvents = decider.decide(command, state);
      } catch {
        // Refused on a state that may be old: decided again below, from the log.
      }
      if (newEvents && newEvents.length > 0) {
        let appended: CommandResult<State> & { position: Position } | undefined;
        try {
          appended = await appendDecision(context, decider, streamId, state, cached.revision, newEvents, options, states, erasures!);
        } catch (error) {
          // Someone else wrote the stream since: nothing was appended, so the command is decided again
          // below, from the log, and fails there if it must. Any other failure is not retried, since the
          // append may have happened and a second decision could write the events twice.
          if (!(error instanceof WrongExpectedRevisionError)) throw error;
        }
        if (appended) return awaitReadModels(context, appended, options);
      }
    }
  }

  // A stream the caller creates has nothing to read, and its append fails if it exists after all.
  const history = options.expectedRevision === -1 ? [] : await store.readStream(streamId);
  // The last event's own revision, not the count: a store may skip events of types this build does not know.
  const currentRevision = history.at(-1)?.revision ?? -1;
  if (options.expectedRevision !== undefined && options.expectedRevision !== currentRevision) {
    throw new WrongExpectedRevisionError(streamId, options.expectedRevision, currentRevision);
  }
  const state = fold(decider, eventsOf(decider, history));
  const newEvents = decider.decide(command, state);
  if (newEvents.length === 0) return { state, revision: currentRevision, newEvents };
  const appended = await appendDecision(context, decider, streamId, state, currentRevision, newEvents, options, states, erasures ?? 0);
  return awaitReadModels(context, appended, options);
}

/** The stream's events the decider folds. */
function eventsOf<Event extends DomainEvent>(decider: Pick<Decider<unknown, never, Event>, 'eventTypes'>, history: readonly EventEnvelope[]): Event[] {
  if (!decider.eventTypes) return history as unknown as Event[];
  return history.filter(isEventOf<Event>(decider.eventTypes));
}

async function awaitReadModels<State>(
  context: Pick<AppContext, 'progress'>,
  { position, ...result }: CommandResult<State> & { position: Position },
  options: CommandOptions,
): Promise<CommandResult<State>> {
  if (options.awaitReadModels !== false) await context.progress.waitForPosition(position, READ_YOUR_WRITES_TIMEOUT_MS);
  return result;
}

async function appendDecision<State, Command, Event extends DomainEvent>(
  context: Pick<AppContext, 'eventStore' | 'progress'>,
  decider: Decider<State, Command, Event>,
  streamId: string,
  state: State,
  revision: number,
  newEvents: Event[],
  options: CommandOptions,
  states: Map<string, FoldedState> | undefined,
  erasures: number,
): Promise<CommandResult<State> & { position: Position }> {
  const result = await context.eventStore.append(streamId, newEvents, {
    expectedRevision: revision < 0 ? 'no_stream' : revision,
    actor: options.actor,
    correlationId: options.correlationId ?? randomUUID(),
    causationId: null,
  });
  const next = newEvents.reduce((folded, event) => decider.evolve(folded, event), state);
  if (states) {
    const copy = snapshot(next);
    if (copy !== undefined) {
      states.set(streamId, { state: copy, revision: result.nextRevision, at: Date.now(), erasures });
      // Oldest first out: a Map keeps insertion order, and a used entry is re-inserted.
      if (states.size > MAX_CACHED_STREAMS) states.delete(states.keys().next().value as string);
    }
  }
  return { state: next, revision: result.nextRevision, newEvents, position: result.position };
}
