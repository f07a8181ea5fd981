import type { EventStore } from '@accommodate/shared-events/event-store/event-store';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { fold } from '@accommodate/shared-events/domain/decider';
import { isEventOf } from '@accommodate/shared-events/domain/event-types';
import { userDecider } from '@accommodate/shared-events/domain/account/decide-user';
import { studentDecider } from '@accommodate/shared-events/domain/student/decide-student';
import type { StudentState } from '@accommodate/shared-events/domain/student/student';
import { followPlan } from '@accommodate/shared-events/domain/student/free-plan-archive';
import type { UserEvent } from '@accommodate/shared-events/events/user-events';
import type { ReadStore } from '@accommodate/projections/store/read-store';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import { decideAndAppend } from '../writes/decide-and-append.ts';

const isUserEvent = isEventOf<UserEvent>(userDecider.eventTypes);

/**
 * Premium's end archives an account's students beyond the free limit, and its return restores them. The API
 * does it right after the account's event, one student at a time; this does it again from that event, on the
 * account's plan as it is now, so a crash of the API in between leaves no student behind. Idempotent: an archived
 * student is not archived again, and a plan changed back since is followed as it now is. Returns the students changed.
 */
export async function followAccountPlan(
  deps: { eventStore: Pick<EventStore, 'readStream' | 'append'>; readStore: ReadStore },
  userId: string,
  causationId: string,
): Promise<number> {
  const account = fold(userDecider, (await deps.eventStore.readStream(streamName('user', userId))).filter(isUserEvent));
  if (account.status !== 'registered') return 0;
  const { type, studentIds } = followPlan(account.isPremium, await caseloadQueries(deps.readStore).studentsOwnedBy(userId));
  let changed = 0;
  for (const studentId of studentIds) {
    const stream = streamName('student', studentId);
    // The owner's own act, as the API's write would be: the owner is not told of it, the people they share with are.
    const decided = (state: StudentState) => (state.status === 'present' ? { type, studentId } : null);
    if (await decideAndAppend(deps.eventStore, studentDecider, stream, decided, causationId, { userId })) {
      changed += 1;
    }
  }
  return changed;
}
