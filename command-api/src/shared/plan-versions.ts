import { streamName } from '@accommodate/shared-events/events/stream-name';
import type { PlanContent } from '@accommodate/shared-events/schemas/plan-version';
import type { PlanVersionView } from '@accommodate/shared-events/schemas/plan-version';
import { planVersionsOf, type VersionedContent } from '@accommodate/shared-events/domain/plan/plan-versions';
import { participantsFor, planRecordFor, recordChangesFor } from '@accommodate/shared-events/schemas/plan-record';
import { studentDecider } from '@accommodate/shared-events/domain/student/decide-student';
import { libraryQueries } from '@accommodate/projections/queries/accommodation-library-queries';
import { personLookup } from '@accommodate/projections/queries/users-queries';
import type { StudentDoc } from '@accommodate/projections/queries/caseload-schema';
import type { AppContext } from '../framework/command-context.ts';
import { handleCommand } from '../framework/handle-command.ts';

type VersionedAccommodation = PlanContent['accommodations'][number];

/** The accommodations as they read now, to freeze in a version: the student's own first, else the library's entry. */
export async function versionedAccommodations(context: Pick<AppContext, 'readStore'>, student: StudentDoc, ids: readonly string[]): Promise<VersionedAccommodation[]> {
  const library = libraryQueries(context.readStore);
  const frozen: VersionedAccommodation[] = [];
  for (const id of new Set(ids)) {
    const entry = student.accommodations.find((accommodation) => accommodation.id === id) ?? (await library.accommodationById(id));
    if (entry) frozen.push({ id, name: entry.name, category: entry.category ?? null, description: entry.description ?? null });
  }
  return frozen;
}

/**
 * The student's accommodations follow a new version: the second write of an amendment, on the student's stream.
 * It is idempotent (the same set again appends nothing), so after a crash between the two writes it heals the next
 * time it runs for that plan: the workers run it for every version they follow (workers/src/reminders), and so
 * does an amendment made again.
 */
export async function followPlanVersion(context: AppContext, actorId: string, studentId: string, accommodationIds: readonly string[]): Promise<void> {
  await handleCommand(context, studentDecider, streamName('student', studentId), { type: 'FollowPlanVersion', studentId, accommodationIds: [...accommodationIds] }, { actor: { userId: actorId } });
}

/** What of a plan's record a reader sees: the impairment and consent ('see-plan-record'), who took part ('see-private'). */
export interface RecordReader {
  seesRecord: boolean;
  seesPrivate: boolean;
}

/** A version's content as a reader may see it: the record without impairment and consent, or who took part, unless allowed. */
export const versionContentFor = ({ record, ...content }: VersionedContent, reader: RecordReader): PlanVersionView['content'] => ({
  ...content,
  record: record === null ? null : participantsFor(planRecordFor(record, reader.seesRecord), reader.seesPrivate),
});

/** GET /api/plans/:id/versions: every version, newest first, with who made it by name, as `reader` may see them. */
export async function planVersionViews(context: Pick<AppContext, 'eventStore' | 'readStore'>, planId: string, reader: RecordReader): Promise<PlanVersionView[]> {
  const lookup = personLookup(context.readStore);
  const versions = planVersionsOf(await context.eventStore.readStream(streamName('plan', planId)));
  const views: PlanVersionView[] = [];
  for (const { version, kind, at, actorId, reason, effectiveDate, content, changes } of versions.reverse()) {
    const shownChanges = { ...changes, record: recordChangesFor(changes.record, reader.seesRecord, reader.seesPrivate) };
    views.push({ version, kind, at, by: await lookup(actorId), reason, effectiveDate, content: versionContentFor(content, reader), changes: shownChanges });
  }
  return views;
}
