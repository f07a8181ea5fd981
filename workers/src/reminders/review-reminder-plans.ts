import type { PlanEvent } from '@accommodate/shared-events/events/plan-events';
import type { ReadStore } from '@accommodate/projections/store/read-store';
import type { JobQueue } from '../jobs/job-queue.ts';
import { cancelReviewReminders, CLOSED_PLAN_STATUS, scheduleReviewReminders } from './review-reminders.ts';

/** What the subscriber last saw of each plan, to know which reminders to cancel when it changes. */
export const REMINDER_PLANS = 'review-reminder-plans';

interface ReminderPlanDoc {
  id: string;
  studentId: string;
  reviewDate: string;
  status: string;
}

/** Only the fields the reminders follow. */
function pick(changes: { reviewDate?: string | undefined; status?: string | undefined }): Partial<ReminderPlanDoc> {
  return {
    ...(changes.reviewDate !== undefined ? { reviewDate: changes.reviewDate } : {}),
    ...(changes.status !== undefined ? { status: changes.status } : {}),
  };
}

/** Plan dates into scheduled review jobs: scheduled for an open plan, moved with its date, cancelled when it closes or its student goes. */
export function reviewReminderPlans(readStore: ReadStore, jobs: Pick<JobQueue, 'enqueue' | 'cancel'>, now: () => Date) {
  const plans = readStore.state<ReminderPlanDoc>(REMINDER_PLANS);
  return {
    async onPlanEvent(event: PlanEvent): Promise<void> {
      const planId = event.data.planId;
      const before = await plans.get(planId);
      let after: ReminderPlanDoc;
      if (event.type === 'PlanCreated') {
        if (before) return;
        after = { id: planId, studentId: event.data.studentId, reviewDate: event.data.reviewDate, status: event.data.status };
      } else {
        // An acknowledgement or the plan record moves no date.
        if (!before || event.type === 'PlanVersionAcknowledged' || event.type === 'PlanRecordUpdated') return;
        // A version may move the review date: an amendment is how a final plan's dates change.
        // The year-end rollover schedules the next review.
        const changed = event.type === 'PlanUpdated' ? event.data.changes : event.type === 'PlanReviewScheduled' ? { reviewDate: event.data.reviewDate } : event.data.content;
        after = { ...before, ...pick(changed) };
      }
      const open = after.status !== CLOSED_PLAN_STATUS;
      const wasOpen = before !== null && before.status !== CLOSED_PLAN_STATUS;
      const dateMoved = before !== null && before.reviewDate !== after.reviewDate;
      if (before && wasOpen && (dateMoved || !open)) await cancelReviewReminders(jobs, planId, before.reviewDate);
      if (open && (!before || dateMoved || !wasOpen)) {
        await scheduleReviewReminders(jobs, { planId, reviewDate: after.reviewDate }, now());
      }
      await plans.put(after);
    },

    async onStudentDeleted(studentId: string): Promise<void> {
      for (const plan of await plans.find({ studentId })) {
        await cancelReviewReminders(jobs, plan.id, plan.reviewDate);
        await plans.delete(plan.id);
      }
    },
  };
}
