import { randomUUID } from 'node:crypto';
import { WrongExpectedRevisionError } from '@accommodate/shared-events/event-store/event-store';
import type { DomainEvent } from '@accommodate/shared-events/events/registry';
import type { Actor } from '@accommodate/shared-events/events/envelope';
import { fold, type Decider } from './decider.ts';
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
  const history = await context.eventStore.readStream(streamId);
  // The last event's own revision, not the count: a store may skip events of types this build does not know.
  const currentRevision = history.at(-1)?.revision ?? -1;
  if (options.expectedRevision !== undefined && options.expectedRevision !== currentRevision) {
    throw new WrongExpectedRevisionError(streamId, options.expectedRevision, currentRevision);
  }
  const state = fold(decider, history);
  const newEvents = decider.decide(command, state);
  if (newEvents.length === 0) return { state, revision: currentRevision, newEvents };

  const result = await context.eventStore.append(streamId, newEvents, {
    expectedRevision: currentRevision < 0 ? 'no_stream' : currentRevision,
    actor: options.actor,
    correlationId: options.correlationId ?? randomUUID(),
    causationId: null,
  });
  if (options.awaitReadModels !== false) await context.progress.waitForPosition(result.position, READ_YOUR_WRITES_TIMEOUT_MS);
  return {
    state: newEvents.reduce((next, event) => decider.evolve(next, event as Event), state),
    revision: result.nextRevision,
    newEvents,
  };
}
