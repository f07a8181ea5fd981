import { randomUUID } from 'node:crypto';
import { WrongExpectedRevisionError } from '@accommodate/shared-events/event-store/event-store';
import type { DomainEvent } from '@accommodate/shared-events/events/registry';
import type { Actor, EventEnvelope, Position } from '@accommodate/shared-events/events/envelope';
import { fold, type Decider } from '@accommodate/shared-events/domain/decider';
import { isEventOf } from '@accommodate/shared-events/domain/event-types';
import type { AppContext } from './command-context.ts';
import { openFoldedStates, type FoldedStates } from './folded-states.ts';
import { StaleRevisionError } from '../http/errors.ts';

export interface CommandOptions {
  actor: Actor;
  /**
   * The revision the client saw (If-Match); absent: "on top of whatever is there". A command is refused when the
   * stream has moved past it (412), and one made from the stream (see CommandSource) is handed the stream to judge.
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

export interface CommandResult<State> {
  state: State;
  /** The stream's revision after the command, -1 when the stream still does not exist. */
  revision: number;
  newEvents: DomainEvent[];
}

/** What a command made from the stream sees: the state, its revision, and the events behind it, read on demand. */
export interface StreamView<State> {
  state: State;
  revision: number;
  events(): Promise<readonly EventEnvelope[]>;
}

/**
 * A command, or a function that makes it from the stream as it is: the student edit merges a stale If-Match onto
 * the current record. Such a function judges `expectedRevision` itself.
 */
export type CommandSource<State, Command> = Command | ((view: StreamView<State>) => Command | Promise<Command>);

const madeFromStream = <State, Command>(command: CommandSource<State, Command>): command is (view: StreamView<State>) => Command | Promise<Command> =>
  typeof command === 'function';

/** Waiting longer than this for read models would only delay a reply that is already durable. */
const READ_YOUR_WRITES_TIMEOUT_MS = 3_000;
/** Racing writers on one stream are a handful of co-teachers; more rounds than that means something is wrong. */
const UNCONDITIONAL_ATTEMPTS = 8;

type View<State> = StreamView<State> & { cached: boolean };

/**
 * The one write path, after emmett's CommandHandler: load → decide → append at the revision the decision was made
 * on, so a concurrent writer makes the append fail rather than be overwritten. The one retry policy:
 * - a decision made on a cached state (folded-states.ts) that is refused, appends nothing or meets a newer stream
 *   is made again from the log;
 * - a conflict at the append is decided again on the newer stream only when the client set no precondition;
 *   with If-Match it is the client's 412 (with the current record when `currentOnStale` says how to read it).
 * Any other failure of the append is not retried: the events may have been written.
 */
export async function handleCommand<State, Command, Event extends DomainEvent>(
  context: Pick<AppContext, 'eventStore' | 'progress'>,
  decider: Decider<State, Command, Event>,
  streamId: string,
  command: CommandSource<State, Command>,
  options: CommandOptions,
): Promise<CommandResult<State>> {
  const cache = openFoldedStates<State>(context.eventStore, decider);
  const unconditional = options.expectedRevision === undefined;
  let fromCache = cache !== undefined;
  for (let attempt = 1; ; ) {
    const view = (fromCache && cachedView(context, cache, streamId, options)) || (await logView(context, decider, streamId, options));
    fromCache = false;
    try {
      const made = madeFromStream(command) ? await command(view) : command;
      if (!madeFromStream(command) && options.expectedRevision !== undefined && options.expectedRevision !== view.revision) {
        throw new WrongExpectedRevisionError(streamId, options.expectedRevision, view.revision);
      }
      const decided = decideOn(decider, made, view);
      if (!decided) continue;
      if (decided.length === 0) return { state: view.state, revision: view.revision, newEvents: decided };
      const appended = await append(context, decider, streamId, view, decided, options, cache);
      if (options.awaitReadModels !== false) await context.progress.waitForPosition(appended.position, READ_YOUR_WRITES_TIMEOUT_MS);
      return { state: appended.state, revision: appended.revision, newEvents: decided };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (view.cached) continue;
      if (unconditional && attempt++ < UNCONDITIONAL_ATTEMPTS) continue;
      throw await staleRefusal(context, streamId, error, options);
    }
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
  return (await logView(context, decider, streamId, {})).state;
}

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

/** The state this process last folded, when the client saw that revision (or set no precondition). */
function cachedView<State>(
  context: Pick<AppContext, 'eventStore'>,
  cache: FoldedStates<State> | undefined,
  streamId: string,
  options: CommandOptions,
): View<State> | undefined {
  const cached = cache?.take(streamId);
  if (!cached || (options.expectedRevision ?? cached.revision) !== cached.revision) return undefined;
  const { state, revision } = cached;
  const events = async () => (await context.eventStore.readStream(streamId)).filter((event) => event.revision <= revision);
  return { state, revision, events, cached: true };
}

async function logView<State, Event extends DomainEvent>(
  context: Pick<AppContext, 'eventStore'>,
  decider: Decider<State, never, Event>,
  streamId: string,
  options: Pick<CommandOptions, 'expectedRevision'>,
): Promise<View<State>> {
  // A stream the caller creates has nothing to read, and its append fails if it exists after all.
  const history = options.expectedRevision === -1 ? [] : await context.eventStore.readStream(streamId);
  // The last event's own revision, not the count: a store may skip events of types this build does not know.
  const revision = history.at(-1)?.revision ?? -1;
  return { state: fold(decider, eventsOf(decider, history)), revision, events: async () => history, cached: false };
}

/** The stream's events the decider folds. */
const eventsOf = <Event extends DomainEvent>(decider: Pick<Decider<unknown, never, Event>, 'eventTypes'>, history: readonly EventEnvelope[]): Event[] =>
  history.filter(isEventOf<Event>(decider.eventTypes));

async function append<State, Event extends DomainEvent>(
  context: Pick<AppContext, 'eventStore'>,
  decider: Decider<State, never, Event>,
  streamId: string,
  view: View<State>,
  events: Event[],
  options: CommandOptions,
  cache: FoldedStates<State> | undefined,
): Promise<{ state: State; revision: number; position: Position }> {
  const result = await context.eventStore.append(streamId, events, {
    expectedRevision: view.revision < 0 ? 'no_stream' : view.revision,
    actor: options.actor,
    correlationId: options.correlationId ?? randomUUID(),
    causationId: null,
  });
  const state = events.reduce((folded, event) => decider.evolve(folded, event), view.state);
  cache?.keep(streamId, state, result.nextRevision);
  return { state, revision: result.nextRevision, position: result.position };
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
  return new StaleRevisionError(await options.currentOnStale());
}
