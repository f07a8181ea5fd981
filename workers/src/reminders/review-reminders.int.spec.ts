import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { NOTIFICATIONS, type NotificationDoc } from '@accommodate/projections/definitions/notifications-projection';
import { createBullmqJobQueue, toBullmqJobId } from '../jobs/bullmq-job-queue.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { deleteKeysUnder, isRedisReachable } from '../jobs/redis-test-keys.ts';
import { createJobHandlers } from '../handlers/job-handlers.ts';
import { silentLogger as silent, startReadSide, TEST_APP_URL, type ReadSide } from '../testing/read-side.ts';
import { startNotificationSubscriber, type NotificationSubscriber } from './notification-subscriber.ts';
import { REVIEW_REMINDER_JOB } from './review-reminders.ts';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const reachable = await isRedisReachable(redisUrl);
if (!reachable) console.warn(`[skip] review reminders on BullMQ: no Redis answering at ${redisUrl}`);

// Fixed clock: the day before the review.
const now = () => new Date('2025-03-14T09:00:00Z');

describe.skipIf(!reachable)('review reminders on BullMQ with two workers', () => {
  const prefix = `test-reminders-${randomUUID()}`;
  const queueName = 'reminders';
  let readSide: ReadSide;
  let workerA: JobQueue;
  let workerB: JobQueue;
  let subscriber: NotificationSubscriber;
  let inspect: Queue;
  let redis: Redis;
  const reminderRuns: string[] = [];
  const append: ReadSide['append'] = (...args) => readSide.append(...args);
  const jobState = async (jobId: string) => (await inspect.getJob(toBullmqJobId(jobId)))?.getState() ?? 'absent';

  beforeAll(async () => {
    redis = new Redis(redisUrl);
    readSide = await startReadSide();
    const { eventStore, readStore, mailer } = readSide;
    const open = () => createBullmqJobQueue({ redisUrl, queueName, prefix, backoffMs: 50, concurrency: 4 });
    workerA = open();
    workerB = open();
    for (const [name, queue] of [['A', workerA], ['B', workerB]] as const) {
      const handlers = createJobHandlers({ eventStore, readStore, logger: silent, now, jobs: queue, mailer, appUrl: TEST_APP_URL });
      const runReminder = handlers[REVIEW_REMINDER_JOB]!;
      await queue.start({
        ...handlers,
        [REVIEW_REMINDER_JOB]: async (data) => {
          reminderRuns.push(name);
          await runReminder(data);
        },
      });
    }
    inspect = new Queue(queueName, { connection: redis, prefix });
    subscriber = startNotificationSubscriber({ eventStore, readStore, jobs: workerA, logger: silent, now, retryMs: 50 });
  });

  afterAll(async () => {
    await subscriber?.stop();
    await workerA?.close();
    await workerB?.close();
    await inspect?.close();
    await readSide?.stop();
    if (redis) {
      await deleteKeysUnder(redis, `${prefix}:`);
      redis.disconnect();
    }
  });

  it('a plan due tomorrow yields exactly one 1-day notification, enqueued twice and raced by two workers', async () => {
    await append('user-teacher-1', { type: 'UserRegistered', data: { userId: 'teacher-1', name: 'Pat Teacher', email: 'pat@school.test' } });
    await append('user-teacher-1', { type: 'UserEmailVerified', data: { userId: 'teacher-1', email: 'pat@school.test' } });
    await append('student-s1', {
      type: 'StudentAdded',
      data: { studentId: 's1', ownerId: 'teacher-1', firstName: 'Maya', lastInitial: 'R', grade: '4', status: 'active', birthdate: null, parentName: null, parentEmail: null, parentNotes: null, notes: null },
    });
    const created = await append('plan-p1', {
      type: 'PlanCreated',
      data: { planId: 'p1', studentId: 's1', startDate: '2024-09-01', reviewDate: '2025-03-15', status: 'active', meetingDate: null, caseManager: null },
    });
    expect(await subscriber.whenProcessed(created.position, 5_000)).toBe(true);

    // The same reminder again from the other producer (deduplicated by its id), and
    // delivered twice more under other ids, so both workers run it at once.
    const job = { planId: 'p1', threshold: '1-day', reviewDate: '2025-03-15' };
    await workerB.enqueue(REVIEW_REMINDER_JOB, job, { jobId: 'review:p1:1-day:2025-03-15' });
    await workerA.enqueue(REVIEW_REMINDER_JOB, job, { jobId: 'duplicate-delivery-1' });
    await workerB.enqueue(REVIEW_REMINDER_JOB, job, { jobId: 'duplicate-delivery-2' });

    const deadline = Date.now() + 8_000;
    const { eventStore, readStore, sent } = readSide;
    while ((reminderRuns.length < 3 || sent.length < 1) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 300));

    const raised: { type: string; data: unknown }[] = [];
    for await (const event of eventStore.readAll()) if (event.type === 'NotificationRaised') raised.push(event);
    expect(raised).toHaveLength(1);
    expect(raised[0]!.data).toMatchObject({ userId: 'teacher-1', type: 'review', title: 'Plan review tomorrow', planId: 'p1', studentId: 's1' });
    const inbox = await readStore.collection<NotificationDoc>(NOTIFICATIONS).find({ userId: 'teacher-1' });
    expect(inbox.map((n) => n.title)).toEqual(['Plan review tomorrow']);
    expect(sent.map((mail) => [mail.to, mail.subject])).toEqual([['pat@school.test', 'Plan review tomorrow']]);

    // The overdue reminder waits for its day; the superseded 30- and 7-day ones were never queued.
    expect(await jobState('review:p1:overdue:2025-03-15')).toBe('delayed');
    expect(await jobState('review:p1:30-day:2025-03-15')).toBe('absent');
    expect(await jobState('review:p1:7-day:2025-03-15')).toBe('absent');
  });

  it('moving the review date cancels the old reminders and schedules the new ones', async () => {
    const moved = await append('plan-p1', { type: 'PlanUpdated', data: { planId: 'p1', studentId: 's1', changes: { reviewDate: '2025-06-30' } } });
    expect(await subscriber.whenProcessed(moved.position, 5_000)).toBe(true);
    expect(await jobState('review:p1:overdue:2025-03-15')).toBe('absent');
    for (const threshold of ['30-day', '7-day', '1-day', 'overdue']) {
      expect(await jobState(`review:p1:${threshold}:2025-06-30`)).toBe('delayed');
    }
  });
});
