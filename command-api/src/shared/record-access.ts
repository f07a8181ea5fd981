import type { Request } from 'express';
import { WrongExpectedRevisionError } from '@accommodate/shared-events/event-store/event-store';
import type { RecordAccessAction } from '@accommodate/shared-events/events/access-events';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { accessLogDecider, minuteOf } from '@accommodate/shared-events/domain/access-log/access-log';
import { roleOn } from '@accommodate/shared-events/domain/access/student-access';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import { userQueries } from '@accommodate/projections/queries/users-queries';
import { routePattern } from '../http/route-pattern.ts';
import type { AppContext } from '../framework/command-context.ts';
import { handleCommand } from '../framework/handle-command.ts';
import { readableAddress } from '@accommodate/shared-events/domain/access-log/readable-address';

export interface RecordAccess {
  (req: Request, access: { studentId: string; userId: string; action: RecordAccessAction; what: string }): Promise<void>;
}

const MAX_REMEMBERED = 10_000;

/** What the log says of an access through a class roster: no share names the teacher, so the entry does. */
export const throughClassIf = (role: string | null | undefined, what: string): string => (role === 'class-teacher' ? `${what} (through a class)` : what);
const USER_AGENT_LIMIT = 300;

/**
 * Records views, exports, prints and downloads in `accessLog-<studentId>` (FERPA 34 CFR 99.32), through the one
 * write path: the access log's decider counts a burst once (the domain's access-log.ts). A small in-memory map
 * answers repeats on this node without touching the store; across nodes the decision is made on the stream, and the
 * append expects the revision decided on, so of two nodes racing, one appends and the other decides again, sees
 * the entry, and stops. Each entry keeps the person's name and role as they are now, so that renaming or deleting the
 * account later leaves the record of access as it was.
 */
export function createAccessRecorder(context: Pick<AppContext, 'eventStore' | 'readStore' | 'progress' | 'now' | 'logger'>): RecordAccess {
  const lastSeen = new Map<string, string>();
  return async (req, { studentId, userId, action, what }) => {
    const minute = minuteOf(context.now());
    const key = `${studentId}\u0000${userId}\u0000${action}\u0000${what}`;
    if (lastSeen.get(key) === minute) return;
    const ip = readableAddress(req.ip ?? null);
    const userAgent = req.get('user-agent')?.slice(0, USER_AGENT_LIMIT) ?? null;
    const [user, student] = await Promise.all([userQueries(context.readStore).userById(userId), caseloadQueries(context.readStore).studentById(studentId)]);
    const userName = user?.name ?? null;
    const userRole = student ? (roleOn(student, userId, context.now())?.role ?? null) : null;
    try {
      await handleCommand(
        context,
        accessLogDecider,
        streamName('accessLog', studentId),
        { type: 'RecordAccess', access: { studentId, userId, action, what, minute, ip, userAgent, userName, userRole } },
        // Nothing reads the log back through a read model.
        { actor: { userId }, awaitReadModels: false },
      );
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      context.logger.warn('access not recorded after retries', { route: routePattern(req) ?? 'unknown' });
      return;
    }
    if (lastSeen.size >= MAX_REMEMBERED) lastSeen.clear();
    lastSeen.set(key, minute);
  };
}
