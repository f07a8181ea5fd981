import { randomUUID } from 'node:crypto';
import { openEventStore } from '@accommodate/shared-events/event-store/open-event-store';
import type { DomainEvent } from '@accommodate/shared-events/events/registry';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { ACCOMMODATION_TEMPLATES } from '@accommodate/shared-events/config/accommodation-templates';
import { implementationLogStream, monthOf } from '@accommodate/shared-events/domain/implementation-log/implementation-log';
import { schoolDaysBetween } from '@accommodate/shared-events/domain/implementation-log/school-days';

/** A school year: 200 school days from September 1st, ten accommodations a student, so 2,000 entries each. */
export const SCHOOL_DAYS = schoolDaysBetween('2025-09-01', '2026-07-31').slice(0, 200);
export const ACCOMMODATIONS_PER_STUDENT = 10;
export const ENTRIES_PER_STUDENT = SCHOOL_DAYS.length * ACCOMMODATIONS_PER_STUDENT;
const APPENDS_PER_ROUND = 1_000;

type Append = { stream: string; events: DomainEvent[] };

/** One student's streams: the student with ten accommodations, then a stream a month of a year's entries. */
function studentYear(ownerId: string, studentId: string, n: number): Append[] {
  const accommodationIds = Array.from({ length: ACCOMMODATIONS_PER_STUDENT }, (_, k) => ACCOMMODATION_TEMPLATES[(n + k) % ACCOMMODATION_TEMPLATES.length]!.id);
  const student: Append = {
    stream: streamName('student', studentId),
    events: [
      {
        type: 'StudentAdded',
        data: { studentId, ownerId, firstName: `Student${n}`, lastInitial: 'L', grade: '5', status: 'active', birthdate: null, parentName: null, parentEmail: null, parentNotes: null, notes: null },
      },
      { type: 'StudentAccommodationsChanged', data: { studentId, added: [...new Set(accommodationIds)], removed: [] } },
    ],
  };
  const months = new Map<string, DomainEvent[]>();
  SCHOOL_DAYS.forEach((date, day) => {
    const ofMonth = months.get(monthOf(date)) ?? [];
    accommodationIds.forEach((accommodationId, k) => {
      // Mostly provided; now and then refused, or not provided with a reason (a note, sealed like the API's).
      const kind = (day * 7 + k * 3 + n) % 40;
      const outcome = kind === 0 ? 'not-provided' : kind === 1 ? 'refused' : kind === 2 ? 'absent' : 'provided';
      ofMonth.push({ type: 'ImplementationLogged', data: { studentId, date, accommodationId, outcome, note: outcome === 'not-provided' ? 'Testing room was unavailable' : null } });
    });
    months.set(monthOf(date), ofMonth);
  });
  return [student, ...[...months].map(([month, events]) => ({ stream: implementationLogStream(studentId, month), events }))];
}

/**
 * Appends a school year of implementation log entries for `students` students into `<dataDir>/events.sqlite`, straight
 * through the event store's append as the server opens it (notes sealed), minus HTTP. The first student is `firstOwner`'s
 * (the teacher the benchmark reads as), the rest a bench teacher's. Returns the first student's id and the events written.
 */
export async function generateImplementationLog(dataDir: string, students: number, firstOwner: string): Promise<{ studentId: string; events: number; ms: number }> {
  const started = performance.now();
  const store = await openEventStore({ dataDir });
  const otherOwner = randomUUID();
  const firstStudent = randomUUID();
  let events = 0;
  try {
    const append = async ({ stream, events: batch }: Append, actor: string) =>
      store.append(stream, batch, { expectedRevision: 'no_stream', actor: { userId: actor }, correlationId: randomUUID(), causationId: null });
    let round: Promise<unknown>[] = [];
    for (let n = 0; n < students; n++) {
      const owner = n === 0 ? firstOwner : otherOwner;
      const [student, ...months] = studentYear(owner, n === 0 ? firstStudent : randomUUID(), n);
      // The student before its log, as the API would have it.
      round.push(append(student!, owner).then(() => Promise.all(months.map((month) => append(month, owner)))));
      events += student!.events.length + months.reduce((sum, month) => sum + month.events.length, 0);
      if (round.length >= APPENDS_PER_ROUND / 10) {
        await Promise.all(round);
        round = [];
      }
    }
    await Promise.all(round);
    return { studentId: firstStudent, events, ms: performance.now() - started };
  } finally {
    await store.close();
  }
}
