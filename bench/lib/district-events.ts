import { randomUUID } from 'node:crypto';
import { openEventStore } from '@accommodate/shared-events/event-store/open-event-store';
import type { DomainEvent } from '@accommodate/shared-events/events/registry';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { ACCOMMODATION_TEMPLATES } from '@accommodate/shared-events/config/accommodation-templates';
import { implementationLogStream } from '@accommodate/shared-events/domain/implementation-log/implementation-log';
import { schoolDaysBetween } from '@accommodate/shared-events/domain/implementation-log/school-days';
import { addDays } from '@accommodate/shared-events/domain/district-dashboard/school-tally';
import { seedAccommodationTemplates } from '../../command-api/src/features/accommodations/seed-templates.ts';
import { SYSTEM_ACTOR, type EventEnvelope } from '@accommodate/shared-events/events/envelope';
import { reminderSchedule, reviewReminderText } from '../../workers/src/reminders/review-schedule.ts';
import { notificationIdFor, type NotificationDraft } from '../../workers/src/notifications/raise-notification.ts';
import { accommodationsChangedNotifications } from '../../workers/src/notifications/notification-rules.ts';
import { UNKNOWN_TEACHER } from '../../workers/src/notifications/account-name.ts';

/** A district's size: 20 schools, 50,000 students, 3,000 staff, 2,000,000 events at full size. */
export interface DistrictSize {
  schools: number;
  students: number;
  staff: number;
}

/** A month of a student's implementation log: 11 days of its 3 accommodations, 33 entries (the bulk of a district's log, as in a real year). */
const LOGGED_DAYS = schoolDaysBetween('2026-10-01', '2026-10-31').slice(0, 11);
const APPENDS_PER_ROUND = 1_000;

/** `then`: appended after it; `follow`: made from its events as stored (their ids), and appended after it too. */
type Append = { stream: string; events: DomainEvent[]; actor: string; causationId?: string; then?: Append[]; follow?: (stored: EventEnvelope[]) => Append[] };

/*
 * The notifications a running server's workers would have raised already: without them, a server started on the log
 * raised them all at once (57,000 review reminders and 190,000 'accommodations changed' at full size), which kept it
 * busy for minutes as no district's server is.
 */
const raised = (drafts: readonly NotificationDraft[], actor: string, causationId?: string): Append[] =>
  drafts.map((draft) => {
    const notificationId = notificationIdFor(draft.dedupeKey);
    return { stream: streamName('notification', notificationId), actor, causationId, events: [{ type: 'NotificationRaised' as const, data: { notificationId, ...draft } }] };
  });

/** The plan's review reminder to each viewer of its student (`runReviewReminder`): the latest threshold due, if any. */
function raisedReminders(planId: string, studentId: string, label: string, reviewDate: string, viewerIds: readonly string[], now: Date): Append[] {
  const due = reminderSchedule(reviewDate, now).find((reminder) => reminder.runAt.getTime() <= now.getTime());
  if (!due) return [];
  const { title, message } = reviewReminderText(due.threshold, reviewDate, label, now);
  const drafts = [...new Set(viewerIds)].map((userId) => ({
    userId,
    type: 'review' as const,
    title,
    message,
    studentId,
    planId,
    dedupeKey: `review:${planId}:${due.threshold}:${reviewDate}:${userId}`,
  }));
  return raised(drafts, SYSTEM_ACTOR.userId);
}

/** The owner's change of the accommodations, told to the student's other viewers (`accommodationsChangedNotifications`). */
function raisedChanges(stored: readonly EventEnvelope[], studentId: string, label: string, viewerIds: readonly string[], ownerId: string): Append[] {
  return stored.flatMap((envelope) => {
    if (envelope.type !== 'StudentAccommodationsChanged') return [];
    const { added, removed } = envelope.data as { added: string[]; removed: string[] };
    const change = { eventId: envelope.eventId, added: added.length, removed: removed.length };
    const drafts = accommodationsChangedNotifications({ studentId, studentLabel: label, viewerIds: [...new Set(viewerIds)] }, change, { userId: ownerId, name: UNKNOWN_TEACHER });
    return raised(drafts, ownerId, envelope.eventId);
  });
}

function studentAppends(studentId: string, schoolId: string, ownerId: string, schoolViewers: readonly string[], n: number, today: string): Append {
  const templates = ACCOMMODATION_TEMPLATES.map((template) => template.id);
  const accommodations = [templates[n % templates.length]!, templates[(n * 7 + 3) % templates.length]!, templates[(n * 13 + 5) % templates.length]!];
  const planId = randomUUID();
  const reviewDate = addDays(today, (n % 400) - 60);
  const label = `Student${n} B.`;
  const viewerIds = [ownerId, ...schoolViewers];
  return {
    stream: streamName('student', studentId),
    actor: ownerId,
    follow: (stored) => raisedChanges(stored, studentId, label, viewerIds, ownerId),
    events: [
      {
        type: 'StudentAdded',
        data: { studentId, ownerId, schoolId, firstName: `Student${n}`, lastInitial: 'B', grade: String((n % 12) + 1), status: 'active', birthdate: null, parentName: null, parentEmail: null, parentNotes: null, notes: null },
      },
      // One student in twenty has none: the dashboard's 'without accommodations'.
      { type: 'StudentAccommodationsChanged', data: { studentId, added: n % 20 === 0 ? [] : [...new Set(accommodations)], removed: [] } },
      { type: 'StudentDetailsUpdated', data: { studentId, changes: { status: 'issue' } } },
      { type: 'StudentDetailsUpdated', data: { studentId, changes: { status: 'active' } } },
    ],
    // After the student, as the API would have it (the projections drop a plan or log of no student).
    then: [
      {
        stream: streamName('plan', planId),
        actor: ownerId,
        events: [
          { type: 'PlanCreated', data: { planId, studentId, startDate: '2026-01-05', reviewDate, status: 'draft', meetingDate: null, caseManager: null } },
          { type: 'PlanUpdated', data: { planId, studentId, changes: { status: n % 10 === 0 ? 'under-review' : 'active' } } },
          { type: 'PlanUpdated', data: { planId, studentId, changes: { meetingDate: '2026-09-15' } } },
        ],
        then: raisedReminders(planId, studentId, label, reviewDate, viewerIds, new Date()),
      },
      {
        stream: implementationLogStream(studentId, '2026-10'),
        actor: ownerId,
        events: LOGGED_DAYS.flatMap((date) => accommodations.map((accommodationId) => ({ type: 'ImplementationLogged' as const, data: { studentId, date, accommodationId, outcome: 'provided' as const, note: null } }))),
      },
    ],
  };
}

/**
 * Appends a district into `<dataDir>/events.sqlite`, straight through the event store's append as the server opens it
 * (personal fields sealed), minus HTTP: the district (its admin `adminId`), its schools, their staff (the first
 * school's first coordinator is `coordinatorId`), then its students in rounds of concurrent appends.
 */
export async function generateDistrict(dataDir: string, size: DistrictSize, adminId: string, coordinatorId: string, today: string): Promise<{ districtId: string; schoolIds: string[]; events: number; head: bigint | null; ms: number }> {
  const started = performance.now();
  const store = await openEventStore({ dataDir });
  const districtId = randomUUID();
  let events = ACCOMMODATION_TEMPLATES.length;
  const append = async ({ stream, events: batch, actor, causationId, then, follow }: Append): Promise<void> => {
    await store.append(stream, batch, { expectedRevision: 'no_stream', actor: { userId: actor }, correlationId: randomUUID(), causationId: causationId ?? null });
    events += batch.length;
    await Promise.all([...(then ?? []), ...(follow ? follow(await store.readStream(stream)) : [])].map(append));
  };
  try {
    await seedAccommodationTemplates({ eventStore: store, progress: { waitForPosition: async () => true, caughtUp: async () => true } });
    await append({ stream: streamName('district', districtId), actor: adminId, events: [{ type: 'DistrictCreated', data: { districtId, name: 'Bench USD', createdBy: adminId } }] });
    const teachersOf: string[][] = [];
    /** Who sees every student of a school: its coordinators and admins, and the district's admin. */
    const viewersOf: string[][] = [];
    const schoolIds: string[] = [];
    for (let s = 0; s < size.schools; s++) {
      const schoolId = randomUUID();
      const staff = Array.from({ length: Math.round(size.staff / size.schools) }, (_, k) => ({
        userId: s === 0 && k === 0 ? coordinatorId : randomUUID(),
        role: k === 0 ? ('coordinator' as const) : k < 3 ? ('admin' as const) : ('teacher' as const),
      }));
      await append({
        stream: streamName('school', schoolId),
        actor: adminId,
        events: [
          { type: 'SchoolCreated', data: { schoolId, districtId, name: `School ${String(s + 1).padStart(2, '0')}` } },
          ...staff.map(({ userId, role }) => ({
            type: 'StaffInvited' as const,
            data: { schoolId, staffId: randomUUID(), email: `staff-${userId}@bench.test`, role, granteeUserId: userId, invitedBy: adminId },
          })),
        ],
      });
      schoolIds.push(schoolId);
      teachersOf.push(staff.filter((member) => member.role === 'teacher').map((member) => member.userId));
      viewersOf.push([...staff.filter((member) => member.role !== 'teacher').map((member) => member.userId), adminId]);
    }
    let round: Promise<void>[] = [];
    for (let n = 0; n < size.students; n++) {
      const school = n % size.schools;
      const teachers = teachersOf[school]!;
      round.push(append(studentAppends(randomUUID(), schoolIds[school]!, teachers[n % teachers.length]!, viewersOf[school]!, n, today)));
      if (round.length >= APPENDS_PER_ROUND) {
        await Promise.all(round);
        round = [];
      }
    }
    await Promise.all(round);
    return { districtId, schoolIds, events, head: await store.headPosition(), ms: performance.now() - started };
  } finally {
    await store.close();
  }
}

/** How many events were appended to the log in `dataDir` after `head` (embedded positions count events from 1). */
export async function appendedSince(dataDir: string, head: bigint | null): Promise<number> {
  const store = await openEventStore({ dataDir });
  try {
    return Number(((await store.headPosition()) ?? 0n) - (head ?? 0n));
  } finally {
    await store.close();
  }
}
