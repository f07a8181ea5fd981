import type { AccessEvent } from '../../events/access-events.ts';
import type { Decider } from '../decider.ts';
import { isEventOf } from '../event-types.ts';

// A student's record of access, `accessLog-<studentId>` (FERPA 34 CFR 99.32): who viewed, exported, printed or
// downloaded what, and when. A burst counts once: the same person doing the same thing (action and `what`) to the
// record within one UTC minute is one entry.

export type StudentRecordAccessed = Extract<AccessEvent, { type: 'StudentRecordAccessed' }>;
export type RecordedAccess = StudentRecordAccessed['data'];

export const isRecordAccess = isEventOf<StudentRecordAccessed>(['StudentRecordAccessed']);

/** The UTC minute an instant falls in: the unit within which a burst counts once. */
export const minuteOf = (at: Date): string => at.toISOString().slice(0, 16);

/**
 * How many minutes back a new access is compared with. Nodes stamp an access with their own clock's minute, so an
 * entry older than this could only match a node whose clock is that far behind; keeping no more keeps the state
 * small however long the log grows.
 */
const RECENT_MINUTES = 10;

/** The recent accesses, by minute: the keys of who did what. */
export interface AccessLogState {
  recent: Record<string, string[]>;
}

export type AccessLogCommand = { type: 'RecordAccess'; access: RecordedAccess };

const keyOf = (access: Pick<RecordedAccess, 'userId' | 'action' | 'what'>) => `${access.userId}\u0000${access.action}\u0000${access.what}`;
const minutesBefore = (minute: string, minutes: number) => minuteOf(new Date(Date.parse(`${minute}Z`) - minutes * 60_000));

export function evolveAccessLog(state: AccessLogState, event: StudentRecordAccessed): AccessLogState {
  const { minute } = event.data;
  const newest = Object.keys(state.recent).reduce((latest, each) => (each > latest ? each : latest), minute);
  const oldest = minutesBefore(newest, RECENT_MINUTES);
  const recent: Record<string, string[]> = {};
  for (const [each, keys] of Object.entries(state.recent)) if (each >= oldest) recent[each] = keys;
  if (minute >= oldest) recent[minute] = [...(recent[minute] ?? []), keyOf(event.data)];
  return { recent };
}

export function decideAccessLog(command: AccessLogCommand, state: AccessLogState): StudentRecordAccessed[] {
  const { access } = command;
  if (state.recent[access.minute]?.includes(keyOf(access))) return [];
  return [{ type: 'StudentRecordAccessed', data: access }];
}

export const accessLogDecider: Decider<AccessLogState, AccessLogCommand, StudentRecordAccessed> = {
  eventTypes: ['StudentRecordAccessed'],
  initialState: () => ({ recent: {} }),
  evolve: evolveAccessLog,
  decide: decideAccessLog,
};

// A document is logged by its id, never its name: the name is personal data, sealed in the document's own stream,
// and the log names it when read (`describeAccess`), so it still reads right after the document is deleted.
const DOCUMENT_PREFIX = 'Document ';

export const documentAccessWhat = (documentId: string): string => `${DOCUMENT_PREFIX}${documentId}`;

/** What an entry reads as: 'Document: IEP-2026.pdf' for a document whose name is known, otherwise as logged. */
export function describeAccess(what: string, documentNames: ReadonlyMap<string, string>): string {
  if (!what.startsWith(DOCUMENT_PREFIX)) return what;
  const name = documentNames.get(what.slice(DOCUMENT_PREFIX.length));
  return name === undefined ? what : `Document: ${name}`;
}
