import { randomUUID } from 'node:crypto';
import type { EventStore } from '@accommodate/shared-events/event-store/event-store';

/**
 * The id of a new student or account. Where the event store keeps subject keys made ahead, the id comes
 * with its key already on disk, so creating the subject waits for one durable commit instead of two.
 */
export const newSubjectId = (eventStore: EventStore): Promise<string> => eventStore.newSubjectId?.() ?? Promise.resolve(randomUUID());
