import type { Change } from '../definitions/projection.ts';
import { caseloadQueries } from '../queries/caseload-queries.ts';
import type { ReadStore } from '../store/read-store.ts';
import type { ChangePublisher } from './change-publisher.ts';
import { timedTurnTaker } from '@accommodate/shared-events/timing/for-each-taking-turns';

/**
 * Sends each change that names a student (`viewersOf`) to that student's viewers as the caseload holds them now,
 * leaving out those its own audience already reached. For a projection that keeps no copy of who sees a student: the
 * caller runs it once the projection's batch has committed, so a viewer's refetch reads the change.
 */
export async function publishToStudentViewers(readStore: Pick<ReadStore, 'collection'>, publisher: ChangePublisher, changes: readonly Change[], failed: (error: unknown) => void): Promise<void> {
  const caseload = caseloadQueries(readStore);
  // The store's reads resolve at once: a batch of an import's students was one run of the event loop without turns.
  const takeTurn = timedTurnTaker();
  for (const change of changes) {
    if (change.viewersOf === undefined) continue;
    const turn = takeTurn();
    if (turn) await turn;
    try {
      const student = await caseload.studentById(change.viewersOf);
      const audience = (student?.viewerIds ?? []).filter((userId) => !change.audience.includes(userId));
      if (audience.length > 0) publisher.publish(change.message, audience);
    } catch (error) {
      failed(error);
    }
  }
}
