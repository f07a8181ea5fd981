import type { ImplementationEntryInput } from '@accommodate/shared-events/schemas/implementation-log';
import { ApiRequestError } from '../../../lib/api-client.ts';

/**
 * Entries made in a classroom are kept in the browser until the server has them: per account, in local
 * storage, so a closed tab or a lost connection loses none. One entry per student, date and accommodation: a newer
 * tap replaces an older one not yet sent. The server's replace rule makes a resend harmless, so an entry is crossed
 * off only once the server answered for it, and sent again otherwise.
 */
export interface QueuedEntry {
  studentId: string;
  entry: ImplementationEntryInput;
}

const keyOf = (userId: string) => `accommodate:implementation-queue:${userId}`;
const sameSlot = (a: QueuedEntry, b: QueuedEntry) => a.studentId === b.studentId && a.entry.date === b.entry.date && a.entry.accommodationId === b.entry.accommodationId;
const sameEntry = (a: QueuedEntry, b: QueuedEntry) => JSON.stringify(a) === JSON.stringify(b);

export function queuedEntries(userId: string): QueuedEntry[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(keyOf(userId)) ?? '[]');
    return Array.isArray(stored) ? (stored as QueuedEntry[]) : [];
  } catch {
    return [];
  }
}

const listeners = new Set<() => void>();
function store(userId: string, entries: readonly QueuedEntry[]): void {
  window.localStorage.setItem(keyOf(userId), JSON.stringify(entries));
  for (const listener of listeners) listener();
}

export function onQueueChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function enqueueEntries(userId: string, added: readonly QueuedEntry[]): void {
  const kept = queuedEntries(userId).filter((queued) => !added.some((each) => sameSlot(each, queued)));
  // A new tap for a refused entry's slot is the teacher's answer to it.
  const stillRefused = refusedEntriesOf(userId).filter((refused) => !added.some((each) => sameSlot(each, refused)));
  if (stillRefused.length !== refusedEntriesOf(userId).length) refusedByUser.set(userId, stillRefused);
  store(userId, [...kept, ...added]);
}

/**
 * Entries the server refused, until the teacher has read them: in memory only, as nothing need be sent again, and
 * one per slot (the latest refusal).
 */
const refusedByUser = new Map<string, RefusedEntry[]>();
export const refusedEntriesOf = (userId: string): RefusedEntry[] => refusedByUser.get(userId) ?? [];

export function noteRefused(userId: string, refused: readonly RefusedEntry[]): void {
  if (refused.length === 0) return;
  const kept = refusedEntriesOf(userId).filter((earlier) => !refused.some((each) => sameSlot(each, earlier)));
  refusedByUser.set(userId, [...kept, ...refused]);
  for (const listener of listeners) listener();
}

export function dismissRefused(userId: string): void {
  refusedByUser.delete(userId);
  for (const listener of listeners) listener();
}

/** The server refused these for good (a 4xx other than signed out or busy): sending again would not help. */
const refusedForGood = (error: unknown) => error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status);

/** An entry the server refused for good, with its reason as the server gave it. */
export interface RefusedEntry extends QueuedEntry {
  reason: string;
}

const reasonOf = (error: unknown): string =>
  error instanceof ApiRequestError ? (error.serverMessage ?? `The server refused it (${error.status})`) : 'The server refused it';

export interface FlushResult {
  sent: number;
  refused: number;
  /** What was refused, taken out of the queue: the page keeps showing it as not saved. */
  refusedEntries: RefusedEntry[];
  /** The connection or the server failed: the rest waits for the next chance. */
  stopped: boolean;
}

let flushing: Promise<FlushResult> | null = null;

/**
 * Sends what is waiting, a batch per student; stops at the first failure of the connection or the server, keeping the
 * rest. Only one send runs at a time, so two triggers (back online, a new tap) never send the same entry twice at once.
 */
export function flushQueue(userId: string, send: (studentId: string, entries: ImplementationEntryInput[]) => Promise<unknown>): Promise<FlushResult> {
  if (flushing) return flushing;
  const run = (async () => {
    let sent = 0;
    let refused = 0;
    const refusedEntries: RefusedEntry[] = [];
    let stopped = false;
    const waiting = queuedEntries(userId);
    for (const studentId of new Set(waiting.map((queued) => queued.studentId))) {
      // Offline, a request may wait for the connection rather than fail: the 'online' event sends instead.
      if (!navigator.onLine) {
        stopped = true;
        break;
      }
      const batch = waiting.filter((queued) => queued.studentId === studentId);
      try {
        await send(studentId, batch.map((queued) => queued.entry));
        sent += batch.length;
      } catch (error) {
        stopped = !refusedForGood(error);
        if (stopped) break;
        refused += batch.length;
        refusedEntries.push(...batch.map((queued) => ({ ...queued, reason: reasonOf(error) })));
      }
      // Cross off what was sent, unless it was changed meanwhile (a newer tap waits for the next send).
      store(userId, queuedEntries(userId).filter((queued) => !batch.some((each) => sameEntry(each, queued))));
    }
    return { sent, refused, refusedEntries, stopped };
  })();
  // Cleared once settled, not inside the run: a run that never awaits would clear it before it was set.
  flushing = run;
  const clear = () => {
    if (flushing === run) flushing = null;
  };
  run.then(clear, clear);
  return run;
}
