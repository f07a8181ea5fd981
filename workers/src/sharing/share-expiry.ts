import { z } from 'zod';
import type { EventStore } from '@accommodate/shared-events/event-store/event-store';
import { sharingDecider, type ShareCommand } from '@accommodate/shared-events/domain/sharing/decide-share';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { isShareExpired, shareEndsAt } from '@accommodate/shared-events/schemas/share';
import type { ReadStore } from '@accommodate/projections/store/read-store';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import { forEachTakingTurns } from '@accommodate/shared-events/timing/for-each-taking-turns';
import type { JobQueue } from '../jobs/job-queue.ts';
import { decideAndAppend } from '../writes/decide-and-append.ts';

export const SHARE_EXPIRY_JOB = 'share-expiry';

export const shareExpiryJobSchema = z.object({ studentId: z.string(), shareId: z.string(), expiresAt: z.string() });
export type ShareExpiryJob = z.infer<typeof shareExpiryJobSchema>;

/** One job per share and expiry date: a re-grant with another date gets its own, the old one finds nothing to do. */
export const shareExpiryJobId = (shareId: string, expiresAt: string): string => `share-expiry:${shareId}:${expiresAt}`;

/** Enqueued when a share with an expiry is granted; runs at the end of the expiry date. */
export async function scheduleShareExpiry(jobs: Pick<JobQueue, 'enqueue'>, job: ShareExpiryJob, now: Date): Promise<void> {
  await jobs.enqueue(SHARE_EXPIRY_JOB, job, {
    jobId: shareExpiryJobId(job.shareId, job.expiresAt),
    delayMs: Math.max(0, shareEndsAt(job.expiresAt).getTime() - now.getTime()),
  });
}

/**
 * Part of the sweep: an expiry job again for every share with an expiry date that has not expired yet, so one
 * lost with Redis's data (or a process's timers) still runs. Ids dedupe; a job for a share that has since
 * ended finds nothing to do. Returns how many it (re)scheduled.
 */
export async function sweepShareExpiries(deps: { readStore: ReadStore; jobs: Pick<JobQueue, 'enqueue'>; now: () => Date }): Promise<number> {
  const now = deps.now();
  let scheduled = 0;
  await forEachTakingTurns(await caseloadQueries(deps.readStore).allShares(), async (share) => {
    if (share.status === 'expired' || share.expiresAt === null) return;
    await scheduleShareExpiry(deps.jobs, { studentId: share.studentId, shareId: share.id, expiresAt: share.expiresAt }, now);
    scheduled += 1;
  });
  return scheduled;
}

/**
 * The job: the share ends once its date has passed (ExpireShare, decided on the student's stream like any write).
 * Idempotent: a share revoked, transferred, expired or granted again with another date finds nothing to do.
 * Returns whether it appended.
 */
export async function expireShare(
  deps: { eventStore: Pick<EventStore, 'readStream' | 'append'>; jobs: Pick<JobQueue, 'enqueue'>; now: () => Date },
  data: unknown,
): Promise<boolean> {
  const job = shareExpiryJobSchema.parse(data);
  const now = deps.now();
  if (!isShareExpired(job.expiresAt, now)) {
    // Early (a long timer split, a clock ahead elsewhere): try again at the right time.
    await scheduleShareExpiry(deps.jobs, job, now);
    return false;
  }
  const { studentId, shareId, expiresAt } = job;
  const command: ShareCommand = { type: 'ExpireShare', studentId, shareId, expiresAt };
  // A student deleted meanwhile has no shares left to end.
  return decideAndAppend(deps.eventStore, sharingDecider, streamName('student', studentId), (state) => (state.student.status === 'present' ? command : null), null);
}
