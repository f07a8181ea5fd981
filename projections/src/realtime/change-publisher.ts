import type { ChangeMessage } from '@accommodate/shared-events/schemas/change-message';

/** Each signed-in socket joins its own user room, and only after its session is checked. */
export const userRoom = (userId: string): string => `user:${userId}`;
/** Presence on a student page; joined only by users allowed to see the student. */
export const studentRoom = (studentId: string): string => `student:${studentId}`;

export const CHANGE_EVENT = 'change';

/**
 * Sends `change` pokes to the rooms of the users allowed to see each record.
 * In one process it is the Socket.IO server itself; across processes, a Redis emitter.
 */
export interface ChangePublisher {
  publish(message: ChangeMessage, audience: readonly string[]): void;
  close(): Promise<void>;
}
