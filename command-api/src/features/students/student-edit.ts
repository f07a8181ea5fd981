import { WrongExpectedRevisionError } from '@accommodate/shared-events/event-store/event-store';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import type { StudentConflict } from '@accommodate/shared-events/schemas/share';
import { fold } from '@accommodate/shared-events/domain/decider';
import { ConcurrencyError, NotFoundError } from '@accommodate/shared-events/domain/errors';
import { studentDecider, type StudentCommand } from '@accommodate/shared-events/domain/student/decide-student';
import { isStudentEvent, type StudentState } from '@accommodate/shared-events/domain/student/student';
import { mergeStudentEdit, type FieldConflict, type StudentEdit } from '@accommodate/shared-events/domain/student/student-merge';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import { personLookup } from '@accommodate/projections/queries/users-queries';
import type { AppContext } from '../../framework/command-context.ts';
import type { StreamView } from '../../framework/handle-command.ts';
import { presentStudents } from '../../shared/student-views.ts';

const CATCH_UP_TIMEOUT_MS = 3_000;
export const SAME_FIELD_CHANGED = 'Someone else changed the same fields since you opened this student.';

export interface StudentEditRequest {
  studentId: string;
  userId: string;
  /** From If-Match; absent means "on top of whatever is there". */
  expectedRevision: number | undefined;
  /** The client's form, given the record as the client saw it (fields it left out keep their value). */
  yours: (seen: StudentEdit) => StudentEdit;
  /** Refuses assignments that are new to the record (not in the user's library). */
  checkNewAssignments: (added: string[]) => Promise<void>;
  /** A final plan is in force: the accommodations change only through its amendment. */
  accommodationsLocked: boolean;
}

const editOf = (state: StudentState): StudentEdit => {
  if (state.status !== 'present') throw new NotFoundError('Student');
  return { details: state.details, accommodationIds: state.accommodationIds };
};

/**
 * PUT /api/students/:id, as a command made from the student's stream (handleCommand's one write path). With a
 * current If-Match (or none) this is a plain update. With a stale one, the record is rebuilt at the client's
 * revision from the stream, and the client's changes are merged onto the current record (the domain's
 * student-merge.ts); if the same field was changed since, 412 lists the conflicts. A write racing the merge still
 * fails the append (it expects the revision merged against), which is a plain 412.
 */
export function studentEdit(context: AppContext, request: StudentEditRequest) {
  return async (view: StreamView<StudentState>): Promise<StudentCommand> => {
    const seenRevision = request.expectedRevision ?? view.revision;
    if (seenRevision < 0 || seenRevision > view.revision) {
      throw new WrongExpectedRevisionError(streamName('student', request.studentId), seenRevision, view.revision);
    }
    const current = editOf(view.state);
    const edit = seenRevision === view.revision ? request.yours(current) : await mergedEdit(context, request, view, current, seenRevision);
    // Only new assignments need to be in the library; existing ones may stay as they are.
    await request.checkNewAssignments(edit.accommodationIds.filter((id) => !current.accommodationIds.includes(id)));
    return {
      type: 'UpdateStudent',
      studentId: request.studentId,
      details: edit.details,
      accommodationIds: [...edit.accommodationIds],
      accommodationsLocked: request.accommodationsLocked,
    };
  };
}

/** The client's changes since the revision it saw, on top of the current record; 412 when both changed a field. */
async function mergedEdit(context: AppContext, request: StudentEditRequest, view: StreamView<StudentState>, current: StudentEdit, seenRevision: number) {
  const history = (await view.events()).filter(isStudentEvent);
  const seen = editOf(fold(studentDecider, history.filter((event) => event.revision <= seenRevision)));
  const since = history
    .filter((event) => event.revision > seenRevision)
    .map((event) => ({ type: event.type, data: event.data, actorId: event.actor.userId, occurredAt: event.occurredAt }));
  const merged = mergeStudentEdit({ seen, current, yours: request.yours(seen), since });
  if (merged.kind === 'conflict') throw await conflictRefusal(context, request, merged.conflicts, history.at(-1)?.position);
  return merged.edit;
}

/** 412 with the record as it now is (once the read models include the stream's last event) and who changed which field. */
async function conflictRefusal(context: AppContext, request: StudentEditRequest, merged: FieldConflict[], last: bigint | undefined): Promise<ConcurrencyError> {
  if (last !== undefined) await context.progress.waitForPosition(last, CATCH_UP_TIMEOUT_MS);
  const doc = await caseloadQueries(context.readStore).studentById(request.studentId);
  const lookup = personLookup(context.readStore);
  const conflicts: StudentConflict[] = [];
  for (const conflict of merged) {
    conflicts.push({ field: conflict.field, yours: conflict.yours, theirs: conflict.theirs, by: await lookup(conflict.byUserId), at: conflict.at });
  }
  const [presented] = doc ? await presentStudents(context, [doc], request.userId, lookup) : [];
  return new ConcurrencyError(presented ?? null, conflicts, SAME_FIELD_CHANGED);
}
