import type { ClassEvent } from '@accommodate/shared-events/events/class-events';
import type { EnvelopeOf } from '@accommodate/shared-events/domain/event-types';
import { activeTeacherIds, evolveClass, initialClassState, type ClassState } from '@accommodate/shared-events/domain/class/class';
import { CLASSES, type ClassDoc } from '../queries/caseload-schema.ts';
import type { ProjectionContext } from './projection.ts';
import { alreadyApplied, announce } from './caseload-changes.ts';
import { refreshAudienceOnce } from './caseload-audience.ts';

/** The read model's class as the domain's state, so the one `evolveClass` decides what an event changes. */
const stateOf = ({ status, ownerId, schoolId, name, period, subject, room, termStart, termEnd, studentIds, teachers }: ClassDoc): ClassState => ({
  status,
  ownerId,
  schoolId,
  // A document folded before classes had terms has neither date.
  details: { name, period, subject, room, termStart: termStart ?? null, termEnd: termEnd ?? null },
  studentIds,
  teachers,
});

/** Who the class gives its students to; a change there (or in its students) changes their audiences. */
const givesTo = (doc: ClassDoc | null): string => (doc === null || doc.status !== 'active' ? '' : doc.teacherIds.join(','));

/**
 * A class's event: the class document, then the audience of every student who joined, left, or whose class now
 * gives to other teachers; the class's old and new teachers hear of the class.
 */
export async function applyClassEvent(event: EnvelopeOf<ClassEvent>, context: ProjectionContext): Promise<void> {
  const id = event.data.classId;
  const existing = await context.get<ClassDoc>(CLASSES, id);
  if (alreadyApplied(existing, event)) return;
  if (event.type === 'ClassCreated' ? existing : !existing) return;

  const state = evolveClass(existing ? stateOf(existing) : initialClassState(), event);
  if (state.status === 'absent') return;
  const { details, ...rest } = state;
  const next: ClassDoc = {
    id,
    ...rest,
    ...details,
    teacherIds: activeTeacherIds(state),
    pendingEmails: Object.values(state.teachers).flatMap((teacher) => (teacher.status === 'pending' ? [teacher.email] : [])),
    createdAt: existing?.createdAt ?? event.occurredAt,
    updatedAt: event.occurredAt,
    revision: event.revision,
  };
  context.put<ClassDoc>(CLASSES, next);

  const before = existing?.studentIds ?? [];
  const touched = givesTo(existing) === givesTo(next) ? symmetricDifference(before, next.studentIds) : [...new Set([...before, ...next.studentIds])];
  for (const studentId of touched) await refreshAudienceOnce(studentId, event, context);
  const teachers = [...new Set([...(existing?.teacherIds ?? []), ...next.teacherIds])];
  announce(context, event, { entity: 'class', id, revision: event.revision }, teachers);
}

const symmetricDifference = (a: readonly string[], b: readonly string[]): string[] => [
  ...a.filter((id) => !b.includes(id)),
  ...b.filter((id) => !a.includes(id)),
];
