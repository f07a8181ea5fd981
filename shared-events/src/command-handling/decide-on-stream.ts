import { randomUUID } from 'node:crypto';
import { WrongExpectedRevisionError, type EventStore } from '../event-store/event-store.ts';
import type { Actor, EventEnvelope, Position } from '../events/envelope.ts';
import type { DomainEvent } from '../events/registry.ts';
import { fold, type Decider } from '../domain/decider.ts';
import { isEventOf } from '../domain/event-types.ts';

/** What a command made from the stream sees: the state, its revision, and the events behind it, read on demand. */
export interface StreamView<State> {
  state: State;
  revision: number;
  events(): Promise<readonly EventEnvelope[]>;
}

/**
 * A command, or a function that makes it from the stream as it is (null: nothing to do). The student edit merges a
 * stale If-Match onto the current record, and a worker decides from what the stream holds; such a function judges
 * `expectedRevision` itself.
 */
export type CommandSource<State, Command> = Command | ((view: StreamView<State>) => Command | null | Promise<Command | null>);

/** One command's use of the states a process folded before, kept per stream: trusted only through a conditional append. */
export interface FoldedStateCache<State> {
  /** The stream's entry if still fresh, taken out: a concurrent command on the stream reads the log instead. */
  take(streamId: string): { readonly state: State; readonly revision: number } | undefined;
  /** Keeps a copy of the state the command appended, at the revision it reached. */
  keep(streamId: string, state: State, revision: number): void;
}

export interface DecideOptions<State> {
  actor: Actor;
  /** The revision the caller saw; absent: on top of whatever is there, decided again on a conflict. */
  expectedRevision?: number | undefined;
  correlationId?: string | undefined;
  causationId?: string | null | undefined;
  cache?: FoldedStateCache<State> | undefined;
}

export interface Decided<State, Event extends DomainEvent> {
  state: State;
  /** The stream's revision after the command, -1 when the stream still does not exist. */
  revision: number;
  newEvents: Event[];
  /** Where the new events sit in the log; null when nothing was appended. */
  position: Position | null;
}

/** Racing writers on one stream are a handful of co-teachers or a worker; more rounds than that means something is wrong. */
const UNCONDITIONAL_ATTEMPTS = 8;

type View<State> = StreamView<State> & { cached: boolean };

/**
 * The one write loop, after emmett's CommandHandler, for the API and the workers alike: load → decide → append at
 * the revision the decision was made on, so a concurrent writer makes the append fail rather than be overwritten.
 * - A decision made on a cached state that is refused, appends nothing or meets a newer stream is made again from
 *   the log.
 * - A conflict at the append is decided again on the newer stream only when the caller set no precondition; with
 *   one, the WrongExpectedRevisionError is the caller's to answer.
 * Any other failure of the append is not retried: the events may have been written.
 */
export async function decideOnStream<State, Command, Event extends DomainEvent>(
  eventStore: Pick<EventStore, 'readStream' | 'append'>,
  decider: Decider<State, Command, Event>,
  streamId: string,
  command: CommandSource<State, Command>,
  options: DecideOptions<State>,
): Promise<Decided<State, Event>> {
  const { cache } = options;
  const unconditional = options.expectedRevision === undefined;
  let fromCache = cache !== undefined;
  for (let attempt = 1; ; ) {
    const view = (fromCache && cachedView(eventStore, cache, streamId, options)) || (await logView(eventStore, decider, streamId, options));
    fromCache = false;
    try {
      const made = madeFromStream(command) ? await command(view) : command;
      if (made === null) return { state: view.state, revision: view.revision, newEvents: [], position: null };
      if (!madeFromStream(command) && options.expectedRevision !== undefined && options.expectedRevision !== view.revision) {
        throw new WrongExpectedRevisionError(streamId, options.expectedRevision, view.revision);
      }
      const decided = decideOn(decider, made, view);
      if (!decided) continue;
      if (decided.length === 0) return { state: view.state, revision: view.revision, newEvents: decided, position: null };
      const result = await eventStore.append(streamId, decided, {
        expectedRevision: view.revision < 0 ? 'no_stream' : view.revision,
        actor: options.actor,
        correlationId: options.correlationId ?? randomUUID(),
        causationId: options.causationId ?? null,
      });
      const state = decided.reduce((folded, event) => decider.evolve(folded, event), view.state);
      cache?.keep(streamId, state, result.nextRevision);
      return { state, revision: result.nextRevision, newEvents: decided, position: result.position };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (view.cached) continue;
      if (unconditional && attempt++ < UNCONDITIONAL_ATTEMPTS) continue;
      throw error;
    }
  }
}

/** The aggregate's state as its stream now folds, with its revision. */
export async function loadStream<State, Event extends DomainEvent>(
  eventStore: Pick<EventStore, 'readStream'>,
  decider: Decider<State, never, Event>,
  streamId: string,
): Promise<StreamView<State>> {
  return logView(eventStore, decider, streamId, {});
}

const madeFromStream = <State, Command>(
  command: CommandSource<State, Command>,
): command is (view: StreamView<State>) => Command | null | Promise<Command | null> => typeof command === 'function';

/**
 * The decision, or undefined when it must be made again from the log: a refusal or a no-op decided on a cached
 * state that may be old.
 */
function decideOn<State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>, command: Command, view: View<State>): Event[] | undefined {
  if (!view.cached) return decider.decide(command, view.state);
  try {
    const events = decider.decide(command, view.state);
    return events.length > 0 ? events : undefined;
  } catch {
    return undefined;
  }
}

/** The state this process last folded, when the caller saw that revision (or set no precondition). */
function cachedView<State>(
  eventStore: Pick<EventStore, 'readStream'>,
  cache: FoldedStateCache<State> | undefined,
  streamId: string,
  options: Pick<DecideOptions<State>, 'expectedRevision'>,
): View<State> | undefined {
  const cached = cache?.take(streamId);
  if (!cached || (options.expectedRevision ?? cached.revision) !== cached.revision) return undefined;
  const { state, revision } = cached;
  const events = async () => (await eventStore.readStream(streamId)).filter((event) => event.revision <= revision);
  return { state, revision, events, cached: true };
}

async function logView<State, Event extends DomainEvent>(
  eventStore: Pick<EventStore, 'readStream'>,
  decider: Decider<State, never, Event>,
  streamId: string,
  options: { expectedRevision?: number | undefined },
): Promise<View<State>> {
  // A stream the caller creates has nothing to read, and its append fails if it exists after all.
  const history = options.expectedRevision === -1 ? [] : await eventStore.readStream(streamId);
  // The last event's own revision, not the count: a store may skip events of types this build does not know.
  const revision = history.at(-1)?.revision ?? -1;
  const ofAggregate = isEventOf<Event>(decider.eventTypes);
  return { state: fold(decider, history.filter(ofAggregate)), revision, events: async () => history, cached: false };
}
