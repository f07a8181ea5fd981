import { IllegalStateError } from '@accommodate/shared-events/domain/errors';
import { dayOf, DUE_WITHIN_DAYS, entersWindowToday } from '@accommodate/shared-events/domain/retention/retention';
import { SYSTEM_ACTOR } from '@accommodate/shared-events/events/envelope';
import { retentionQueries } from '@accommodate/projections/queries/retention-queries';
import type { DistrictDoc } from '@accommodate/projections/queries/organisation-queries';
import { raiseNotification } from '@accommodate/workers/notifications/raise-notification';
import type { AppContext } from '../framework/command-context.ts';
import { dueRecordsOf } from './retention-due.ts';
import { eraseStudentRecord } from './student-record-erasure.ts';
import { DISTRICT_ERASURE_JOB, resumeDistrictErasures, runDistrictErasure } from './district-erasure-job.ts';
import { recordingOutcome } from '@accommodate/workers/operations/operation-status';

export const RETENTION_ERASURE_JOB = 'retention-erasure';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionRun {
  erased: number;
  held: number;
}

/** Tells the district's admins what the run did: counts only, no names (the notification may be e-mailed). */
async function notifyAdmins(context: AppContext, district: DistrictDoc, run: RetentionRun, day: string): Promise<void> {
  const kept = run.held === 0 ? '' : ` ${run.held} record${run.held === 1 ? ' is' : 's are'} on legal hold and kept.`;
  for (const userId of district.adminIds) {
    await raiseNotification(context.eventStore, {
      userId,
      type: 'system',
      title: 'Records erased under your retention rule',
      message: `${run.erased} student record${run.erased === 1 ? ' was' : 's were'} erased today, ${district.yearsAfterLeaving ?? ''} years after the students left.${kept}`,
      studentId: null,
      planId: null,
      dedupeKey: `retention:${district.id}:${day}:${userId}`,
    });
  }
}

/**
 * Tells the district's admins how many records entered the due list's window today, so that a hold is placed in time:
 * a count and the day, never a name (the notification may be e-mailed). Held records are left out: they are kept.
 */
async function noticeRecordsEnteringWindow(context: AppContext, district: DistrictDoc, now: Date): Promise<void> {
  const entering = (await dueRecordsOf(context, district, now, 'within-30-days')).filter(({ student, dueOn }) => student.hold === null && entersWindowToday(dueOn, now));
  const dueOn = entering[0]?.dueOn;
  if (dueOn === undefined) return;
  const count = entering.length;
  for (const userId of district.adminIds) {
    await raiseNotification(context.eventStore, {
      userId,
      type: 'system',
      title: 'Records due for erasure in 30 days',
      message: `${count} student record${count === 1 ? '' : 's'} will be erased on ${dueOn} under your retention rule, ${DUE_WITHIN_DAYS} days from now. Review ${count === 1 ? 'it' : 'them'} in Settings, District, and place a legal hold on any record that must be kept.`,
      studentId: null,
      planId: null,
      dedupeKey: `retention-window:${district.id}:${dayOf(now)}:${userId}`,
    });
  }
}

/**
 * The daily job: in every district with a rule, erases each left student's record past the limit and not
 * on hold, through the one erasure a manual delete uses, and tells its admins how many records entered the 30-day window
 * today. Idempotent: an erased record is gone from the due list, a second run finds nothing, and a notice is raised once
 * a day. Logs counts only.
 */
export async function eraseRecordsPastRetention(context: AppContext): Promise<RetentionRun> {
  const now = context.now();
  const total: RetentionRun = { erased: 0, held: 0 };
  for (const district of await retentionQueries(context.readStore).districtsWithRule()) {
    const run: RetentionRun = { erased: 0, held: 0 };
    for (const { student } of await dueRecordsOf(context, district, now, 'past')) {
      if (student.hold !== null) {
        run.held += 1;
        continue;
      }
      try {
        if (await eraseStudentRecord(context, student.id, SYSTEM_ACTOR)) run.erased += 1;
      } catch (error) {
        // Put on hold since the read model was read: the decider refused, as it must.
        if (!(error instanceof IllegalStateError)) throw error;
        run.held += 1;
      }
    }
    if (run.erased > 0) await notifyAdmins(context, district, run, dayOf(now));
    await noticeRecordsEnteringWindow(context, district, now);
    total.erased += run.erased;
    total.held += run.held;
  }
  context.logger.info('retention erasure done', { erased: total.erased, held: total.held });
  return total;
}

/** Another daily job of the API nodes, on the same queue (one queue has one set of handlers). */
export interface DailyJob {
  name: string;
  run(): Promise<unknown>;
}

/**
 * Schedules the daily job on the API nodes' own queue (context.apiJobs), with `alsoDaily` beside it, and runs the
 * district erasures queued there: the erasure needs what only they hold (the document bytes' store beside the event
 * store). BullMQ gives each run to one node; without REDIS_URL it is a timer of this process. Upserting the schedule
 * also runs it at once, as the reminders' sweep does.
 */
export async function startRetentionJob(context: AppContext, alsoDaily: readonly DailyJob[] = []): Promise<{ stop(): Promise<void> }> {
  const queue = context.apiJobs;
  // The retention sweep's last good run is what GET /metrics reports as its age.
  const daily: DailyJob[] = [
    { name: RETENTION_ERASURE_JOB, run: () => recordingOutcome(context.readStore, 'retention-sweep', context.now, () => eraseRecordsPastRetention(context)) },
    ...alsoDaily,
  ];
  await queue.start({
    ...Object.fromEntries(
      daily.map((job) => [
        job.name,
        async () => {
          await job.run();
        },
      ]),
    ),
    [DISTRICT_ERASURE_JOB]: (data) => runDistrictErasure(context, data),
  });
  const schedule = async () => {
    for (const job of daily) await queue.schedule(job.name, DAY_MS, job.name, {});
  };
  await schedule();
  const resumed = await resumeDistrictErasures(context);
  if (resumed > 0) context.logger.info('district erasures resumed', { resumed });
  // A Redis that came back empty lost the schedule: upsert it again (which also runs the job).
  const unsubscribe = queue.onReconnect(() => {
    schedule().catch((error: unknown) => context.logger.warn('retention schedule not restored', { error: error instanceof Error ? error.name : 'unknown' }));
  });
  return {
    // The queue itself is the server's to close: it opened it.
    stop() {
      unsubscribe();
      return Promise.resolve();
    },
  };
}
