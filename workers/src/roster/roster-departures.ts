import type { EventStore } from '@accommodate/shared-events/event-store/event-store';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { isSchoolEvent } from '@accommodate/shared-events/domain/school/school';
import { departedAccount } from '@accommodate/shared-events/domain/school/school-succession';
import { studentDecider } from '@accommodate/shared-events/domain/student/decide-student';
import type { ReadStore } from '@accommodate/projections/store/read-store';
import { handOverSchoolStudents, type HandOverCommand } from '../schools/school-handover.ts';
import { decideAndAppend } from '../writes/decide-and-append.ts';

/**
 * Staff an import removed from a school (tobedeleted, or absent from a bulk users.csv) hand over the students of that
 * school they own, as a removal on the staff screen does (the same hand-over): to the case manager, a coordinator, an
 * administrator, else a district admin, with a StudentHandedOver 'left-school'. Decided on the school's stream as it
 * is, so a run after a crash, which finds the removal written already, still hands over; a second run finds nothing
 * left to hand. Returns how many students changed hands.
 */
export async function handOverLeavingStaff(
  dependencies: { eventStore: Pick<EventStore, 'readStream' | 'append'>; readStore: Pick<ReadStore, 'collection'> },
  leaving: readonly { schoolId: string; staffId: string }[],
  options: { importerId: string; importId: string },
): Promise<number> {
  const { eventStore, readStore } = dependencies;
  const write = (command: HandOverCommand, userId: string) =>
    decideAndAppend(eventStore, studentDecider, streamName('student', command.studentId), () => command, options.importId, { userId });
  let handedOver = 0;
  for (const { schoolId, staffId } of leaving) {
    const userId = departedAccount((await eventStore.readStream(streamName('school', schoolId))).filter(isSchoolEvent), staffId);
    if (userId !== null) handedOver += await handOverSchoolStudents({ readStore, handOver: write }, { userId, reason: 'left-school', schoolId }, options.importerId);
  }
  return handedOver;
}
