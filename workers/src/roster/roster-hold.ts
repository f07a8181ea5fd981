import type { EventStore } from '@accommodate/shared-events/event-store/event-store';
import type { Actor } from '@accommodate/shared-events/events/envelope';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { ROSTER_EVENTS, type RosterEvent } from '@accommodate/shared-events/events/roster-events';
import { isEventOf } from '@accommodate/shared-events/domain/event-types';
import { IllegalStateError } from '@accommodate/shared-events/domain/errors';
import { acceptRosterImport, evolveRoster, initialRosterState, releaseRosterImport, ROSTER_IMPORT_UNDER_WAY, type RosterState } from '@accommodate/shared-events/domain/roster/roster-import';
import { WrongExpectedRevisionError } from '@accommodate/shared-events/event-store/event-store';
import { newRosterSalt } from './roster-ids.ts';

const isRosterEvent = isEventOf<RosterEvent>(ROSTER_EVENTS.map((definition) => definition.name));

/** The district's roster as its stream folds, and the revision it was read at. */
export async function readDistrictRoster(eventStore: Pick<EventStore, 'readStream'>, districtId: string): Promise<RosterState & { revision: number | 'no_stream' }> {
  const events = await eventStore.readStream(streamName('roster', districtId));
  const state = events.filter(isRosterEvent).reduce(evolveRoster, initialRosterState());
  return { ...state, revision: events.at(-1)?.revision ?? 'no_stream' };
}

type Hold = { districtId: string; importId: string; actor: Actor };

/**
 * A real import takes its district's roster before anything is written, at the revision it read: of two imports asked
 * for at once (a double click), one gets it and the other is refused, never both. The salt is fixed by the same event.
 */
export async function holdDistrictRoster(eventStore: Pick<EventStore, 'readStream' | 'append'>, hold: Hold): Promise<{ salt: string }> {
  const roster = await readDistrictRoster(eventStore, hold.districtId);
  const events = acceptRosterImport(roster, { districtId: hold.districtId, importId: hold.importId, newSalt: newRosterSalt() });
  try {
    if (events.length > 0) await eventStore.append(streamName('roster', hold.districtId), events, { expectedRevision: roster.revision, actor: hold.actor, correlationId: hold.importId, causationId: null });
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) throw new IllegalStateError(ROSTER_IMPORT_UNDER_WAY);
    throw error;
  }
  const salt = roster.salt ?? events.flatMap((event) => (event.type === 'RosterImportAccepted' ? [event.data.salt] : []))[0];
  if (salt === undefined) throw new Error('A held roster has a salt');
  return { salt };
}

/** The import ended, done or failed: the district may import again. Nothing when it did not hold the roster. */
export async function releaseDistrictRoster(eventStore: Pick<EventStore, 'readStream' | 'append'>, hold: Hold): Promise<void> {
  const roster = await readDistrictRoster(eventStore, hold.districtId);
  const events = releaseRosterImport(roster, hold);
  if (events.length === 0) return;
  await eventStore.append(streamName('roster', hold.districtId), events, { expectedRevision: 'any', actor: hold.actor, correlationId: hold.importId, causationId: null });
}
