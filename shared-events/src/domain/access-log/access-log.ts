import type { AccessEvent } from '../../events/access-events.ts';
import { isEventOf } from '../event-types.ts';

export type StudentRecordAccessed = Extract<AccessEvent, { type: 'StudentRecordAccessed' }>;

/** An entry of a student's record of access (`accessLog-<studentId>`). */
export const isRecordAccess = isEventOf<StudentRecordAccessed>(['StudentRecordAccessed']);

/** The UTC minute an instant falls in: the unit within which a burst counts once. */
export const minuteOf = (at: Date): string => at.toISOString().slice(0, 16);

/** Whether the log holds this access already: the same person doing the same thing to the record in the same minute. */
export const isRecorded = (log: readonly StudentRecordAccessed[], access: Pick<StudentRecordAccessed['data'], 'userId' | 'action' | 'what' | 'minute'>): boolean =>
  log.some(({ data }) => data.minute === access.minute && data.userId === access.userId && data.action === access.action && data.what === access.what);
