import { z } from 'zod';
import type { EventStore } from '@accommodate/shared-events/event-store/event-store';
import type { ReadStore } from '@accommodate/projections/store/read-store';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import { displayName } from '@accommodate/shared-events/schemas/student';
import type { JobQueue } from '../jobs/job-queue.ts';
import { forEachTakingTurns } from '@accommodate/shared-events/timing/for-each-taking-turns';
import { raiseNotification } from '../notifications/raise-notification.ts';
import {
  delayUntil,
  REVIEW_THRESHOLDS,
  reminderSchedule,
  reviewReminderJobId,
  reviewReminderText,
  startOfUtcDay,
  type ReviewThreshold,
} from './review-schedule.ts';

export const REVIEW_REMINDER_JOB = 'review-reminder';
export const CLOSED_PLAN_STATUS = 'closed';

export const reviewReminderJobSchema = z.object({
  planId: z.string(),
  threshold: z.enum(REVIEW_THRESHOLDS),
  reviewDate: z.string(),
});
export type ReviewReminderJob = z.infer<typeof reviewReminderJobSchema>;

/** A job that fires this much before its time (clock skew between hosts) still counts as due. */
const EARLY_TOLERANCE_MS = 60_000;

/** Enqueues the plan's pending reminders; ids dedupe, so calling it again (the sweep) adds nothing new. */
export async function scheduleReviewReminders(
  jobs: Pick<JobQueue, 'enqueue'>,
  plan: { planId: string; reviewDate: string },
  now: Date,
): Promise<ReviewThreshold[]> {
  const schedule = reminderSchedule(plan.reviewDate, now);
  for (const reminder of schedule) {
    const data: ReviewReminderJob = { planId: plan.planId, threshold: reminder.threshold, reviewDate: plan.reviewDate };
    await jobs.enqueue(REVIEW_REMINDER_JOB, data, {
      jobId: reviewReminderJobId(plan.planId, reminder.threshold, plan.reviewDate),
      delayMs: delayUntil(reminder, now),
    });
  }
  return schedule.map((reminder) => reminder.threshold);
}

/** Removes every reminder still waiting for this plan and review date (after the date moved, or the plan went). */
export async function cancelReviewReminders(jobs: Pick<JobQueue, 'cancel'>, planId: string, reviewDate: string): Promise<void> {
  for (const threshold of REVIEW_THRESHOLDS) await jobs.cancel(reviewReminderJobId(planId, threshold, reviewDate));
}

export interface ReviewReminderDependencies {
  eventStore: Pick<EventStore, 'append'>;
  readStore: ReadStore;
  now: () => Date;
}

/**
 * The job: re-checks the plan as it is now (still there, same review date, not closed,
 * this threshold still the one that applies), then raises one notification per viewer.
 * Raising is idempotent, so a retried, duplicated or raced job leaves one per recipient.
 * Returns how many notifications this run newly raised.
 */
export async function runReviewReminder(deps: ReviewReminderDependencies, data: unknown): Promise<number> {
  const job = reviewReminderJobSchema.parse(data);
  const { planById, studentById } = caseloadQueries(deps.readStore);
  const plan = await planById(job.planId);
  if (!plan || plan.reviewDate !== job.reviewDate || plan.status === CLOSED_PLAN_STATUS) return 0;
  const now = deps.now();
  const tolerated = new Date(now.getTime() + EARLY_TOLERANCE_MS);
  const reminder = reminderSchedule(job.reviewDate, tolerated).find(
    (candidate) => candidate.threshold === job.threshold,
  );
  // Superseded by a later threshold, or not due yet: either way this one says nothing.
  if (!reminder || reminder.runAt.getTime() > now.getTime() + EARLY_TOLERANCE_MS) return 0;
  const student = await studentById(plan.studentId);
  if (!student) return 0;

  const { title, message } = reviewReminderText(job.threshold, job.reviewDate, displayName(student), tolerated);
  let raised = 0;
  for (const userId of new Set(student.viewerIds)) {
    const result = await raiseNotification(deps.eventStore, {
      userId,
      type: 'review',
      title,
      message,
      studentId: student.id,
      planId: plan.id,
      dedupeKey: `review:${plan.id}:${job.threshold}:${job.reviewDate}:${userId}`,
    });
    if (result.raised) raised += 1;
  }
  return raised;
}

/** The daily sweep: every open plan's reminders again, so whatever a lost timer or outage missed still fires. */
export async function sweepReviewReminders(deps: { readStore: ReadStore; jobs: Pick<JobQueue, 'enqueue'>; now: () => Date }): Promise<number> {
  const plans = await caseloadQueries(deps.readStore).allPlans();
  const now = deps.now();
  let scheduled = 0;
  await forEachTakingTurns(plans, async (plan) => {
    if (plan.status === CLOSED_PLAN_STATUS || !startOfUtcDay(plan.reviewDate)) return;
    scheduled += (await scheduleReviewReminders(deps.jobs, { planId: plan.id, reviewDate: plan.reviewDate }, now)).length;
  });
  return scheduled;
}
