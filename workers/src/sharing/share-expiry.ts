import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { WrongExpectedRevisionError, type EventStore } from '@accommodate/shared-events/event-store/event-store';
import { SYSTEM_ACTOR } from '@accommodate/shared-events/events/envelope';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { isShareExpired, shareEndsAt } from '@accommodate/shared-events/schemas/share';
import type { ReadStore } from '@accommodate/projections/store/read-store';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import { forEachTakingTurns } from '@accommodate/shared-events/timing/for-each-taking-turns';
import type { JobQueue } from '../jobs/job-queue.ts';

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

/** Whether the share is still live with this expiry date, read from the student's own stream. */
function stillExpiring(events: readonly { type: string; data: unknown }[], job: ShareExpiryJob): boolean {
  let live = false;
  for (const event of events) {
    const data = event.data as { shareId?: string; expiresAt?: string | null };
    if (event.type === 'StudentDeleted') live = false;
    if (data.shareId !== job.shareId) continue;
    if (event.type === 'StudentShared') live = data.expiresAt === job.expiresAt;
    // A co-teacher who took the student over owns it now: their share ended with the transfer.
    if (event.type === 'ShareRevoked' || event.type === 'ShareExpired' || event.type === 'StudentOwnershipTransferred') live = false;
  }
  return live;
}

/**
 * The job: appends ShareExpired once the date has passed. Access already ended by the
 * clock (the API checks expiresAt on every request); the event makes it show as expired
 * and makes the API drop the grantee's sockets from the student's room. Idempotent.
 * Returns whether it appended.
 */
export async function expireShare(
  deps: { eventStore: Pick<EventStore, 'readStream' | 'append'>; jobs: Pick<JobQueue, 'enqueue'>; now: () => Date },
  data: unknown,
): Promise<boolean> {
  const job = shareExpiryJobSchema.parse(data);
  const stream = streamName('student', job.studentId);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const events = await deps.eventStore.readStream(stream);
    if (!stillExpiring(events, job)) return false;
    const now = deps.now();
    if (!isShareExpired(job.expiresAt, now)) {
      // Early (a long timer split, a clock ahead elsewhere): try again at the right time.
      await scheduleShareExpiry(deps.jobs, job, now);
      return false;
    }
    try {
      await deps.eventStore.append(stream, [{ type: 'ShareExpired', data: { studentId: job.studentId, shareId: job.shareId } }], {
        expectedRevision: events.at(-1)?.revision ?? 'no_stream',
        actor: SYSTEM_ACTOR,
        correlationId: randomUUID(),
        causationId: null,
      });
      return true;
    } catch (error) {
      // Someone edited the student meanwhile: look again.
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
  }
  throw new Error('share expiry kept conflicting');
}
