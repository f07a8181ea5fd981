import type { ImplementationEvent } from '@accommodate/shared-events/events/implementation-events';
import type { StudentEvent } from '@accommodate/shared-events/events/student-events';
import { entryKey, monthOf } from '@accommodate/shared-events/domain/implementation-log/implementation-log';
import { IMPLEMENTATION_LOG, implementationMonthId, type ImplementationMonthDoc } from '../queries/implementation-log-schema.ts';
import { defineProjection } from './projection.ts';

type HandledEvent = ImplementationEvent | Extract<StudentEvent, { type: 'StudentDeleted' }>;

/**
 * The implementation log: one document per student and month, keyed `<studentId>_<YYYY-MM>`, holding that
 * month's latest entry per date and accommodation. A student's log for a range is then a few reads by id, however
 * many millions of entries the school holds; a whole year is one filter on the indexed `studentId`. Idempotent: an
 * entry replaces what was there for its key. A deleted student's log goes with them. Each entry pokes the student's
 * viewers (`viewersOf`), once per student and batch.
 */
export const implementationLogProjection = defineProjection<HandledEvent>({
  name: 'implementation-log',
  version: 1,
  collections: [IMPLEMENTATION_LOG],
  handles: ['ImplementationLogged', 'StudentDeleted'],
  async apply(event, context) {
    if (event.type === 'StudentDeleted') {
      for (const doc of await context.find<ImplementationMonthDoc>(IMPLEMENTATION_LOG, { studentId: event.data.studentId })) context.delete(IMPLEMENTATION_LOG, doc.id);
      return;
    }
    const { studentId, date, accommodationId, outcome, note } = event.data;
    const month = monthOf(date);
    const id = implementationMonthId(studentId, month);
    const doc = (await context.get<ImplementationMonthDoc>(IMPLEMENTATION_LOG, id)) ?? { id, studentId, month, entries: {} };
    // Changed in place (the batch's own copy, as the runner allows): a month's ~200 entries are not copied per event,
    // which made a rebuild quadratic in the month's size.
    doc.entries[entryKey(date, accommodationId)] = { studentId, date, accommodationId, outcome, note, loggedBy: event.actor.userId, loggedAt: event.occurredAt };
    context.put<ImplementationMonthDoc>(IMPLEMENTATION_LOG, doc);
    // Whoever has the student's log or a day with them open refetches it. Who sees the student is the
    // caseload's to say: the runner reads it once this batch has committed.
    context.announce({ message: { entity: 'implementation-log', id: studentId, studentId, actorId: event.actor.userId }, audience: [], viewersOf: studentId });
  },
});
