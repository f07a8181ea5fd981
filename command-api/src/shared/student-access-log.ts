import { streamName } from '@accommodate/shared-events/events/stream-name';
import { describeAccess, isRecordAccess } from '@accommodate/shared-events/domain/access-log/access-log';
import { documentNames } from '@accommodate/shared-events/domain/document/document';
import { personLookup } from '@accommodate/projections/queries/users-queries';
import type { AccessLogEntry } from '@accommodate/shared-events/schemas/access-log';
import type { AppContext } from '../framework/command-context.ts';
import { loadStudentStreams } from './student-streams.ts';
import { readableAddress } from '@accommodate/shared-events/domain/access-log/readable-address';

/** Every recorded access of one student, newest first, with the person's name and role at the time, and each document's name. */
export async function accessLogOf(context: Pick<AppContext, 'eventStore' | 'readStore'>, studentId: string): Promise<AccessLogEntry[]> {
  const lookup = personLookup(context.readStore);
  const events = await context.eventStore.readStream(streamName('accessLog', studentId));
  const namesOfDocuments = documentNames((await loadStudentStreams(context, studentId)).documents);
  const entries: AccessLogEntry[] = [];
  for (const event of events) {
    if (!isRecordAccess(event)) continue;
    const { data } = event;
    // Entries from before the name was kept show the account's current name (fallback; see privacy.md).
    const user = data.userName === null ? await lookup(data.userId) : { id: data.userId, name: data.userName };
    entries.push({ id: event.eventId, at: event.occurredAt, user, role: data.userRole, action: data.action, what: describeAccess(data.what, namesOfDocuments), ip: readableAddress(data.ip), userAgent: data.userAgent });
  }
  return entries.reverse();
}
