import { randomUUID } from 'node:crypto';
import { openEventStore } from '@accommodate/shared-events/event-store/open-event-store';
import type { DomainEvent } from '@accommodate/shared-events/events/registry';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { ACCOMMODATION_TEMPLATES } from '@accommodate/shared-events/config/accommodation-templates';
import { seedAccommodationTemplates } from '../../command-api/src/features/accommodations/seed-templates.ts';

const STUDENTS_PER_TEACHER = 200;
/** Appends in flight at once: the embedded store commits those of one tick in one transaction. */
const APPENDS_PER_ROUND = 2_000;

/** `then`: appended once this append has succeeded, as the API would (a plan only for a student that exists). */
type Append = { stream: string; events: DomainEvent[]; actor: string; then?: Append };

/** The streams of one teacher with a full caseload: ~5 events per student. */
function* teacherAppends(): Generator<Append> {
  const userId = randomUUID();
  yield {
    stream: streamName('user', userId),
    actor: userId,
    events: [
      { type: 'UserRegistered', data: { userId, name: 'Bench Teacher', email: `bench-${userId}@school.test` } },
      { type: 'UserUpgradedToPremium', data: { userId } },
    ],
  };
  const templates = ACCOMMODATION_TEMPLATES.map((t) => t.id);
  for (let i = 0; i < STUDENTS_PER_TEACHER; i++) {
    const studentId = randomUUID();
    const planId = randomUUID();
    yield {
      stream: streamName('student', studentId),
      actor: userId,
      events: [
        {
          type: 'StudentAdded',
          data: {
            studentId,
            ownerId: userId,
            firstName: `Student${i}`,
            lastInitial: 'B',
            grade: String((i % 12) + 1),
            status: 'active',
            birthdate: '2015-04-01',
            parentName: 'Parent Name',
            parentEmail: 'parent@example.test',
            parentNotes: null,
            notes: '<p>Works best near the front of the room.</p>',
          },
        },
        { type: 'StudentAccommodationsChanged', data: { studentId, added: [templates[i % templates.length]!, templates[(i + 5) % templates.length]!], removed: [] } },
        { type: 'StudentDetailsUpdated', data: { studentId, changes: { status: 'issue', parentNotes: 'Call after 3 pm.' } } },
      ],
      // Appends of one round run concurrently, and a plan's events (nothing to encrypt) would otherwise reach the log
      // before its student's, where the caseload projection drops them.
      then: {
        stream: streamName('plan', planId),
        actor: userId,
        events: [
          {
            type: 'PlanCreated',
            data: { planId, studentId, startDate: '2025-09-01', reviewDate: '2026-09-01', status: 'active', meetingDate: null, caseManager: 'Ms. Case' },
          },
          { type: 'PlanUpdated', data: { planId, studentId, changes: { caseManager: 'Mr. Manager' } } },
        ],
      },
    };
  }
}

/**
 * Writes an event log of at least `target` events into `<dataDir>/events.sqlite` (or the PostgreSQL database) straight
 * through the event store's append, as the server opens it (crypto-shredding included),
 * minus HTTP, in rounds of concurrent appends.
 */
export async function generateEventLog(dataDir: string, target: number, databaseUrl?: string): Promise<{ events: number; ms: number }> {
  const started = performance.now();
  const store = await openEventStore({ dataDir, databaseUrl });
  try {
    await seedAccommodationTemplates({
      eventStore: store,
      progress: { waitForPosition: async () => true, caughtUp: async () => true },
    });
    const appendChain = async (append: Append): Promise<void> => {
      await store.append(append.stream, append.events, {
        expectedRevision: 'no_stream',
        actor: { userId: append.actor },
        correlationId: randomUUID(),
        causationId: null,
      });
      if (append.then) await appendChain(append.then);
    };
    let events = ACCOMMODATION_TEMPLATES.length;
    let round: Promise<unknown>[] = [];
    outer: for (;;) {
      for (const append of teacherAppends()) {
        round.push(appendChain(append));
        for (let next: Append | undefined = append; next; next = next.then) events += next.events.length;
        if (round.length >= APPENDS_PER_ROUND) {
          await Promise.all(round);
          round = [];
        }
        if (events >= target) break outer;
      }
    }
    await Promise.all(round);
    return { events, ms: performance.now() - started };
  } finally {
    await store.close();
  }
}
