import { z } from 'zod';
import type { EventStore } from '@accommodate/shared-events/event-store/event-store';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { mayAccess } from '@accommodate/shared-events/domain/access/student-access';
import { answerableForAcknowledgement } from '@accommodate/shared-events/domain/plan/plan-acknowledgement';
import { studentDecider } from '@accommodate/shared-events/domain/student/decide-student';
import { planLocksAccommodations } from '@accommodate/shared-events/schemas/plan-version';
import { displayName } from '@accommodate/shared-events/schemas/student';
import type { ReadStore } from '@accommodate/projections/store/read-store';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import type { JobQueue } from '../jobs/job-queue.ts';
import { decideAndAppend } from '../writes/decide-and-append.ts';
import { raiseNotification, type NotificationDraft } from '../notifications/raise-notification.ts';
import { accountName } from '../notifications/account-name.ts';
import { ACKNOWLEDGEMENT_THRESHOLDS, acknowledgementReminderJobId, schoolDaysAfter } from './acknowledgement-schedule.ts';

export const ACKNOWLEDGEMENT_REMINDER_JOB = 'acknowledgement-reminder';
const jobSchema = z.object({ planId: z.string(), version: z.number().int(), threshold: z.union([z.literal(3), z.literal(5)]) });

/** A version made (finalised or amended), as the reactions read it from its event. */
export interface VersionMade {
  eventId: string;
  planId: string;
  studentId: string;
  version: number;
  kind: 'finalised' | 'amended';
  teacherIds: readonly string[];
  accommodationIds: readonly string[];
  at: Date;
}

/** Each teacher asked, but the one who signed, hears that the version needs their acknowledgement. */
export function versionMadeNotifications(made: VersionMade, studentLabel: string, actor: { userId: string; name: string }): NotificationDraft[] {
  return [...new Set(made.teacherIds)]
    .filter((userId) => userId !== actor.userId)
    .map((userId) => ({
      userId,
      type: 'review',
      title: 'Plan needs your acknowledgement',
      message: `${actor.name} ${made.kind} ${studentLabel}'s plan (version ${made.version}). Please read it and acknowledge it.`,
      studentId: made.studentId,
      planId: made.planId,
      dedupeKey: `acknowledgement-asked:${made.planId}:${made.version}:${userId}`,
    }));
}

/** Both reminders of a version; the job ids dedupe, so scheduling again adds nothing. */
export async function scheduleAcknowledgementReminders(jobs: Pick<JobQueue, 'enqueue'>, made: Pick<VersionMade, 'planId' | 'version' | 'at'>, now: Date): Promise<void> {
  for (const threshold of ACKNOWLEDGEMENT_THRESHOLDS) {
    const runAt = schoolDaysAfter(made.at, threshold);
    await jobs.enqueue(ACKNOWLEDGEMENT_REMINDER_JOB, { planId: made.planId, version: made.version, threshold }, {
      jobId: acknowledgementReminderJobId(made.planId, made.version, threshold),
      delayMs: runAt.getTime() - now.getTime(),
    });
  }
}

interface ReminderDependencies {
  eventStore: Pick<EventStore, 'append'>;
  readStore: ReadStore;
  now: () => Date;
}

/**
 * The job: who of the teachers asked has still not acknowledged the version (and may still). After 3 school days each
 * of them is reminded; after 5 the student's owner (for a school's student, who answers for it) hears who. A newer version supersedes it. Returns how many it raised.
 */
export async function runAcknowledgementReminder(deps: ReminderDependencies, data: unknown): Promise<number> {
  const job = jobSchema.parse(data);
  const { planById, studentById } = caseloadQueries(deps.readStore);
  const plan = await planById(job.planId);
  if (!plan || plan.version !== job.version || plan.status === 'closed') return 0;
  const student = await studentById(plan.studentId);
  if (!student) return 0;
  const now = deps.now();
  const waiting = (plan.awaitingAcknowledgement ?? []).filter((userId) => mayAccess(student, userId, 'acknowledge-plan', now));
  if (waiting.length === 0) return 0;
  const label = displayName(student);
  const about = { studentId: student.id, planId: plan.id, type: 'review' as const };
  const drafts: NotificationDraft[] =
    job.threshold === 3
      ? waiting.map((userId) => ({
          ...about,
          userId,
          title: 'Plan acknowledgement reminder',
          message: `Version ${job.version} of ${label}'s plan still needs your acknowledgement.`,
          dedupeKey: `acknowledgement-reminder:${plan.id}:${job.version}:3:${userId}`,
        }))
      : await Promise.all(
          answerableForAcknowledgement(student, now).map(async (userId) => ({
            ...about,
            userId,
            title: 'Plan not yet acknowledged',
            message: `Not yet acknowledged after 5 school days, version ${job.version} of ${label}'s plan: ${(await Promise.all(waiting.map((waitingId) => accountName(deps.readStore, waitingId)))).join(', ')}.`,
            dedupeKey: `acknowledgement-overdue:${plan.id}:${job.version}:${userId}`,
          })),
        );
  let raised = 0;
  for (const draft of drafts) if ((await raiseNotification(deps.eventStore, draft)).raised) raised += 1;
  return raised;
}

/**
 * The second write of a version, again: the student's accommodations become the version's. The API makes it right
 * after the plan's; this heals a crash between the two. Only while the version is the plan's latest and the plan
 * still locks the accommodations (then they change only through versions, so following cannot undo an edit).
 */
export async function followVersionOnStudent(deps: { eventStore: Pick<EventStore, 'readStream' | 'append'>; readStore: ReadStore }, made: VersionMade): Promise<boolean> {
  const plan = await caseloadQueries(deps.readStore).planById(made.planId);
  if (!plan || plan.version !== made.version || !planLocksAccommodations(plan)) return false;
  return decideAndAppend(
    deps.eventStore,
    studentDecider,
    streamName('student', made.studentId),
    (state) => (state.status !== 'present' || state.archived ? null : { type: 'FollowPlanVersion' as const, studentId: made.studentId, accommodationIds: [...made.accommodationIds] }),
    made.eventId,
  );
}
