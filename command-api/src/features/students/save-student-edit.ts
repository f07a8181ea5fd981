import { WrongExpectedRevisionError } from '@accommodate/shared-events/event-store/event-store';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import type { StudentConflict } from '@accommodate/shared-events/schemas/share';
import { STUDENTS } from '@accommodate/projections/definitions/caseload-collections';
import type { StudentDoc } from '@accommodate/projections/definitions/caseload-projection';
import type { AppContext } from '../../framework/command-context.ts';
import { fold } from '../../framework/decider.ts';
import { cachedState, handleCommand, type CommandResult } from '../../framework/handle-command.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { studentDecider } from '@accommodate/shared-events/domain/student/decide-student';
import { isStudentEvent, type StudentState } from '@accommodate/shared-events/domain/student/student';
import { mergeStudentEdit, type StudentEdit } from '@accommodate/shared-events/domain/student/student-merge';
import { personLookup, presentStudents } from './student-access.ts';

const CATCH_UP_TIMEOUT_MS = 3_000;
/** Racing writers on one student are a handful of co-teachers; more rounds than that means something is wrong. */
const UNCONDITIONAL_ATTEMPTS = 8;
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
}

const editOf = (state: StudentState): StudentEdit => {
  if (state.status !== 'present') throw notFound('Student');
  return { details: state.details, accommodationIds: state.accommodationIds };
};

/**
 * PUT /api/students/:id. With a current If-Match this is a plain update. With a stale
 * one, the record is rebuilt at the client's revision from the stream, and the client's
 * changes are merged onto the current record (student-merge.ts); if the same field was
 * changed since, 412 lists the conflicts. A write racing the merge still fails the append
 * (it expects the revision merged against), which the caller turns into a plain 412.
 */
export async function saveStudentEdit(context: AppContext, request: StudentEditRequest): Promise<CommandResult<StudentState>> {
  // Without If-Match the client asked for its edit on top of whatever is there, so a write landing
  // between this read and the append is no conflict for it: the edit is made again on the newer record.
  for (let attempt = 1; ; attempt++) {
    try {
      return await saveOnce(context, request);
    } catch (error) {
      const unconditional = request.expectedRevision === undefined;
      if (!unconditional || !(error instanceof WrongExpectedRevisionError) || attempt >= UNCONDITIONAL_ATTEMPTS) throw error;
    }
  }
}

async function saveOnce(context: AppContext, request: StudentEditRequest): Promise<CommandResult<StudentState>> {
  const stream = streamName('student', request.studentId);
  // The usual edit: the client saw the revision this process last wrote. It is decided on that folded
  // state without re-reading the stream (which grows with every save); the append expects that
  // revision, so if anyone wrote since, nothing is appended and the edit is merged from the log below.
  const cached = cachedState(context, studentDecider, stream);
  if (cached?.state.status === 'present' && (request.expectedRevision ?? cached.revision) === cached.revision) {
    const current = editOf(cached.state);
    try {
      return await update(context, request, request.yours(current), current, cached.revision);
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
  }
  const history = await context.eventStore.readStream(stream);
  const currentRevision = history.at(-1)?.revision ?? -1;
  const seenRevision = request.expectedRevision ?? currentRevision;
  if (seenRevision < 0 || seenRevision > currentRevision) {
    throw new WrongExpectedRevisionError(stream, seenRevision, currentRevision);
  }
  const events = history.filter(isStudentEvent);
  const seen = editOf(fold(studentDecider, events.filter((event) => event.revision <= seenRevision)));
  const current = editOf(fold(studentDecider, events));
  const yours = request.yours(seen);

  let edit = yours;
  if (seenRevision !== currentRevision) {
    const since = history
      .filter((event) => event.revision > seenRevision)
      .map((event) => ({ type: event.type, data: event.data, actorId: event.actor.userId, occurredAt: event.occurredAt }));
    const merged = mergeStudentEdit({ seen, current, yours, since });
    if (merged.kind === 'conflict') {
      const last = history.at(-1);
      if (last) await context.progress.waitForPosition(last.position, CATCH_UP_TIMEOUT_MS);
      const doc = await context.readStore.collection<StudentDoc>(STUDENTS).get(request.studentId);
      const lookup = personLookup(context);
      const conflicts: StudentConflict[] = [];
      for (const conflict of merged.conflicts) {
        conflicts.push({ field: conflict.field, yours: conflict.yours, theirs: conflict.theirs, by: await lookup(conflict.byUserId), at: conflict.at });
      }
      const [presented] = doc ? await presentStudents(context, [doc], request.userId, lookup) : [];
      throw new HttpError(412, SAME_FIELD_CHANGED, { current: presented ?? null, conflicts });
    }
    edit = merged.edit;
  }

  return update(context, request, edit, current, currentRevision);
}

/** Appends the edit at `revision`, once the assignments it adds to `current` are allowed. */
async function update(context: AppContext, request: StudentEditRequest, edit: StudentEdit, current: StudentEdit, revision: number) {
  await request.checkNewAssignments(edit.accommodationIds.filter((id) => !current.accommodationIds.includes(id)));
  return handleCommand(
    context,
    studentDecider,
    streamName('student', request.studentId),
    { type: 'UpdateStudent', studentId: request.studentId, details: edit.details, accommodationIds: [...edit.accommodationIds] },
    { actor: { userId: request.userId }, expectedRevision: revision },
  );
}
