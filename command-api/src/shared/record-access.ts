import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { WrongExpectedRevisionError } from '@accommodate/shared-events/event-store/event-store';
import type { RecordAccessAction } from '@accommodate/shared-events/events/access-events';
import { isRecordAccess, isRecorded, minuteOf } from '@accommodate/shared-events/domain/access-log/access-log';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import type { AppContext } from '../framework/command-context.ts';

export interface RecordAccess {
  (req: Request, access: { studentId: string; userId: string; action: RecordAccessAction; what: string }): Promise<void>;
}

const MAX_REMEMBERED = 10_000;
const MAX_ATTEMPTS = 4;
const USER_AGENT_LIMIT = 300;

/**
 * Records views, exports, prints and downloads in `accessLog-<studentId>` (FERPA 34 CFR 99.32).
 *
 * Dedupe, so that a burst counts once: the same person doing the same thing (action and
 * `what`) to the same record within one UTC minute is one entry. A small in-memory map
 * answers repeats on this node without touching the store; across nodes the check is made
 * against the stream itself, and the append expects the revision that was checked, so of
 * two nodes racing, one appends and the other retries, sees the entry, and stops.
 */
export function createAccessRecorder(context: Pick<AppContext, 'eventStore' | 'now' | 'logger'>): RecordAccess {
  const lastSeen = new Map<string, string>();
  return async (req, { studentId, userId, action, what }) => {
    const minute = minuteOf(context.now());
    const key = `${studentId}\u0000${userId}\u0000${action}\u0000${what}`;
    if (lastSeen.get(key) === minute) return;
    const stream = streamName('accessLog', studentId);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const events = await context.eventStore.readStream(stream);
      if (!isRecorded(events.filter(isRecordAccess), { userId, action, what, minute })) {
        try {
          await context.eventStore.append(
            stream,
            [{
              type: 'StudentRecordAccessed',
              data: { studentId, userId, action, what, minute, ip: req.ip ?? null, userAgent: req.get('user-agent')?.slice(0, USER_AGENT_LIMIT) ?? null },
            }],
            { expectedRevision: events.at(-1)?.revision ?? 'no_stream', actor: { userId }, correlationId: randomUUID(), causationId: null },
          );
        } catch (error) {
          if (error instanceof WrongExpectedRevisionError) continue;
          throw error;
        }
      }
      if (lastSeen.size >= MAX_REMEMBERED) lastSeen.clear();
      lastSeen.set(key, minute);
      return;
    }
    context.logger.warn('access not recorded after retries', { route: req.route?.path ?? 'unknown' });
  };
}
