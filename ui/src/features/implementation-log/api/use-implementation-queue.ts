import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.ts';
import { holdsImplementationLog, postImplementationEntries } from './implementation-log-api.ts';
import { dismissRefused, enqueueEntries, flushQueue, noteRefused, onQueueChange, queuedEntries, refusedEntriesOf, type QueuedEntry, type RefusedEntry } from './offline-queue.ts';

/** Rounds of sending in a row: taps made while a send was under way go in the next. */
const ROUNDS = 3;
/** While entries wait, how often to try again: the browser's 'online' event is not sent for every way back. */
const RETRY_MS = 3_000;

/** Student names by id, as the screens that logged for them showed them: in memory, for the refused entries' notice. */
const shownNames = new Map<string, string>();
export const shownNameOf = (studentId: string): string | undefined => shownNames.get(studentId);

/**
 * The account's waiting entries and those the server refused (until `dismiss`), and `add` to log more: each tap is kept first, then sent; what cannot be sent now
 * goes when the connection returns (the browser's `online`), when the page opens again, or with the next tap.
 */
export function useImplementationQueue(userId: string | null) {
  const queryClient = useQueryClient();
  const [waiting, setWaiting] = useState<QueuedEntry[]>(() => (userId ? queuedEntries(userId) : []));
  const [refused, setRefused] = useState<RefusedEntry[]>(() => (userId ? refusedEntriesOf(userId) : []));

  const flush = useCallback(async () => {
    if (!userId) return;
    for (let round = 0; round < ROUNDS; round++) {
      const result = await flushQueue(userId, postImplementationEntries);
      if (result.sent + result.refused > 0) await queryClient.invalidateQueries({ predicate: (query) => holdsImplementationLog(query.queryKey) });
      noteRefused(userId, result.refusedEntries);
      if (result.refused > 0) toast({ variant: 'destructive', title: 'Some entries were refused', description: `${result.refused} could not be logged: the list above the students says why.` });
      if (result.stopped || queuedEntries(userId).length === 0) return;
    }
  }, [queryClient, userId]);

  useEffect(() => {
    if (!userId) return undefined;
    const sync = () => {
      setWaiting(queuedEntries(userId));
      setRefused(refusedEntriesOf(userId));
    };
    sync();
    const sendNow = () => void flush();
    sendNow();
    window.addEventListener('online', sendNow);
    window.addEventListener('storage', sync);
    const stop = onQueueChange(sync);
    return () => {
      window.removeEventListener('online', sendNow);
      window.removeEventListener('storage', sync);
      stop();
    };
  }, [flush, userId]);

  const hasWaiting = waiting.length > 0;
  useEffect(() => {
    if (!hasWaiting) return undefined;
    const timer = window.setInterval(() => void flush(), RETRY_MS);
    return () => window.clearInterval(timer);
  }, [flush, hasWaiting]);

  const add = useCallback(
    (entries: (QueuedEntry & { studentName: string })[]) => {
      if (!userId || entries.length === 0) return;
      for (const { studentId, studentName } of entries) shownNames.set(studentId, studentName);
      enqueueEntries(
        userId,
        entries.map(({ studentId, entry }) => ({ studentId, entry })),
      );
      void flush();
    },
    [flush, userId],
  );
  const dismiss = useCallback(() => {
    if (userId) dismissRefused(userId);
  }, [userId]);

  return { waiting, refused, add, dismiss };
}
