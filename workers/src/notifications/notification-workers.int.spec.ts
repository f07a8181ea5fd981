import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { NOTIFICATIONS, type NotificationDoc } from '@accommodate/projections/definitions/notifications-projection';
import { silentLogger as silent, startReadSide, TEST_APP_URL, type ReadSide } from '../testing/read-side.ts';
import { hasRedisServer, startPrivateRedis, type PrivateRedis } from '../testing/private-redis.ts';
import { createBullmqJobQueue, toBullmqJobId } from '../jobs/bullmq-job-queue.ts';
import { waitFor } from '../jobs/job-queue.contract.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { createJobHandlers } from '../handlers/job-handlers.ts';
import type { NotificationSubscriber } from '../reminders/notification-subscriber.ts';
import { REVIEW_REMINDER_JOB } from '../reminders/review-reminders.ts';
import { DAILY_SWEEPS_JOB } from '../handlers/daily-sweeps.ts';
import { SHARE_EXPIRY_JOB } from '../sharing/share-expiry.ts';
import { startNotificationWorkers } from './notification-workers.ts';
import type { Mailer } from './mailer.ts';
import { NOTIFICATION_EMAILS_DUE, sweepDueEmails } from './email-delivery.ts';

if (!hasRedisServer) console.warn('[skip] jobs after Redis returns empty: no redis-server binary on PATH to run a private Redis');

describe.skipIf(!hasRedisServer)('jobs due later, after Redis comes back empty', () => {
  const prefix = `test-lost-jobs-${randomUUID()}`;
  const queueName = 'reminders';
  // The clock the handlers read: a week before the review, moved on by the test instead of waiting.
  let clock = new Date('2025-03-01T09:00:00Z');
  const now = () => clock;
  let redis: PrivateRedis;
  let readSide: ReadSide;
  let jobs: JobQueue;
  let workers: NotificationSubscriber;
  let inspect: Queue;
  const ran: string[] = [];
  let mailServerDown = false;
  let refusedMails = 0;
  const append: ReadSide['append'] = (...args) => readSide.append(...args);
  const jobState = async (jobId: string) => (await (await inspect.getJob(toBullmqJobId(jobId)))?.getState()) ?? 'absent';
  const laterJobs = ['review:p1:1-day:2025-03-08', 'review:p1:overdue:2025-03-08', 'share-expiry:sh1:2025-03-20'];
  const inbox = async (userId: string) =>
    (await readSide.readStore.collection<NotificationDoc>(NOTIFICATIONS).find({ userId })).map((note) => note.title).sort();
  const raisedCount = async () => {
    let count = 0;
    for await (const event of readSide.eventStore.readAll()) if (event.type === 'NotificationRaised') count += 1;
    return count;
  };
  const waitForAsync = async (condition: () => Promise<boolean>, timeoutMs = 15_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  /** Runs a delayed job now, as its day arriving would. */
  const promote = async (jobId: string) => (await inspect.getJob(toBullmqJobId(jobId)))!.promote();

  beforeAll(async () => {
    redis = await startPrivateRedis(); // no AOF: every restart comes back empty
    readSide = await startReadSide();
    const { eventStore, readStore } = readSide;
    // The mail server can be down; a refused message fails its job like an SMTP error would.
    const mailer: Mailer = {
      ...readSide.mailer,
      send: async (mail) => {
        if (mailServerDown) {
          refusedMails += 1;
          throw new Error('SMTP unavailable');
        }
        return readSide.mailer.send(mail);
      },
    };
    jobs = createBullmqJobQueue({ redisUrl: redis.url, queueName, prefix, backoffMs: 50 });
    const handlers = createJobHandlers({ eventStore, readStore, logger: silent, now, jobs, mailer, appUrl: TEST_APP_URL });
    const counted = (name: string, label: (data: unknown) => string) => async (data: unknown) => {
      await handlers[name]!(data);
      ran.push(label(data));
    };
    await jobs.start({
      ...handlers,
      [DAILY_SWEEPS_JOB]: counted(DAILY_SWEEPS_JOB, () => 'sweep'),
      [REVIEW_REMINDER_JOB]: counted(REVIEW_REMINDER_JOB, (data) => `reminder ${(data as { threshold: string }).threshold}`),
      [SHARE_EXPIRY_JOB]: counted(SHARE_EXPIRY_JOB, () => 'share expiry'),
    });
    // A long check interval: what brings the jobs back here is the reconnect.
    workers = await startNotificationWorkers({ eventStore, readStore, logger: silent, now, jobs, mailer, appUrl: TEST_APP_URL }, { lostScheduleCheckEveryMs: 10 * 60_000 });
    // The sweep that starting the workers runs ends before the plan exists, so it adds no 7-day reminder of its own.
    await waitFor(() => ran.includes('sweep'), 10_000);
    inspect = new Queue(queueName, { connection: { host: '127.0.0.1', port: redis.port }, prefix });
    inspect.on('error', () => undefined);
  }, 30_000);

  afterAll(async () => {
    await workers?.stop();
    await jobs?.close();
    await inspect?.close();
    await readSide?.stop();
    await redis?.kill();
  });

  it('re-creates the reminders, the share expiry and the daily sweep, and they fire once each', async () => {
    const { eventStore, sent } = readSide;
    await append('user-teacher-1', { type: 'UserRegistered', data: { userId: 'teacher-1', name: 'Pat Teacher', email: 'pat@school.test' } });
    await append('user-teacher-1', { type: 'UserEmailVerified', data: { userId: 'teacher-1', email: 'pat@school.test' } });
    await append('user-teacher-2', { type: 'UserRegistered', data: { userId: 'teacher-2', name: 'Sam Coteacher', email: 'sam@school.test' } });
    await append('user-teacher-2', { type: 'UserEmailVerified', data: { userId: 'teacher-2', email: 'sam@school.test' } });
    await append('student-s1', {
      type: 'StudentAdded',
      data: { studentId: 's1', ownerId: 'teacher-1', firstName: 'Maya', lastInitial: 'R', grade: '4', status: 'active', birthdate: null, parentName: null, parentEmail: null, parentNotes: null, notes: null },
    });
    await append('student-s1', {
      type: 'StudentShared',
      data: { studentId: 's1', shareId: 'sh1', role: 'co-teacher', expiresAt: '2025-03-20', grantedBy: 'teacher-1', granteeUserId: 'teacher-2', email: 'sam@school.test' },
    });
    const created = await append('plan-p1', {
      type: 'PlanCreated',
      data: { planId: 'p1', studentId: 's1', startDate: '2024-09-01', reviewDate: '2025-03-08', status: 'active', meetingDate: null, caseManager: null },
    });
    expect(await workers.whenProcessed(created.position, 5_000)).toBe(true);
    await waitFor(() => ran.includes('reminder 7-day') && sent.length === 3, 10_000);
    for (const jobId of laterJobs) expect(await jobState(jobId)).toBe('delayed');

    await redis.shutdown();
    await redis.start();
    const sweepsBefore = ran.filter((run) => run === 'sweep').length;

    // Only a missing schedule makes the workers sweep again before tomorrow.
    await waitFor(() => ran.filter((run) => run === 'sweep').length > sweepsBefore, 10_000);
    expect(await inspect.getJobScheduler(DAILY_SWEEPS_JOB)).toBeDefined();
    for (const jobId of laterJobs) expect(await jobState(jobId)).toBe('delayed');
    // The sweep also re-ran the 7-day reminder that had already fired: it must not say it twice.
    await waitFor(() => ran.filter((run) => run === 'reminder 7-day').length === 2, 10_000);

    clock = new Date('2025-03-07T08:00:00Z');
    await promote('review:p1:1-day:2025-03-08');
    await waitFor(() => ran.includes('reminder 1-day'), 10_000);
    clock = new Date('2025-03-21T08:00:00Z');
    await promote('share-expiry:sh1:2025-03-20');
    await waitFor(() => ran.includes('share expiry'), 10_000);
    await waitForAsync(async () => (await inbox('teacher-2')).length === 4 && sent.length === 6);

    expect(await inbox('teacher-1')).toEqual(['Plan review in 7 days', 'Plan review tomorrow']);
    expect(await inbox('teacher-2')).toEqual(['Plan review in 7 days', 'Plan review tomorrow', 'Shared access expired', 'Student shared with you']);
    expect(await raisedCount()).toBe(6);
    const expired: unknown[] = [];
    for await (const event of eventStore.readAll()) if (event.type === 'ShareExpired') expired.push(event.data);
    expect(expired).toEqual([{ studentId: 's1', shareId: 'sh1' }]);
    // One e-mail per notification, none resent after the reset.
    expect(sent.map((mail) => `${mail.to} ${mail.subject}`).sort()).toEqual([
      'pat@school.test Plan review in 7 days',
      'pat@school.test Plan review tomorrow',
      'sam@school.test Plan review in 7 days',
      'sam@school.test Plan review tomorrow',
      'sam@school.test Shared access expired',
      'sam@school.test Student shared with you',
    ]);
  }, 60_000);

  it('sends an e-mail whose job gave up while the mail server was down, once Redis returned empty and the sweep ran', async () => {
    const { sent } = readSide;
    const sweeps = () => ran.filter((run) => run === 'sweep').length;
    mailServerDown = true;
    await append('student-s2', {
      type: 'StudentAdded',
      data: { studentId: 's2', ownerId: 'teacher-1', firstName: 'Noor', lastInitial: 'T', grade: '2', status: 'active', birthdate: null, parentName: null, parentEmail: null, parentNotes: null, notes: null },
    });
    const shared = await append('student-s2', {
      type: 'StudentShared',
      data: { studentId: 's2', shareId: 'sh2', role: 'co-teacher', expiresAt: null, grantedBy: 'teacher-1', granteeUserId: 'teacher-2', email: 'sam@school.test' },
    });
    expect(await workers.whenProcessed(shared.position, 5_000)).toBe(true);
    // Every try (three) refused: the job is kept as failed, and then Redis loses even that.
    await waitFor(() => refusedMails === 3, 10_000);
    // The first spec e-mailed Sam about s1; this one is about s2.
    const sharedMails = () => sent.filter((mail) => mail.to === 'sam@school.test' && mail.subject === 'Student shared with you').length;
    expect(sharedMails()).toBe(1);
    mailServerDown = false;
    const sweepsBefore = sweeps();
    await redis.shutdown();
    await redis.start();

    await waitFor(() => sweeps() > sweepsBefore, 10_000);
    await waitFor(() => sharedMails() === 2, 10_000);
    // Decided now: no longer due, and a later sweep does not send it again.
    const [note] = (await readSide.readStore.collection<NotificationDoc>(NOTIFICATIONS).find({ userId: 'teacher-2' })).filter((n) => n.studentId === 's2');
    expect(await readSide.readStore.state(NOTIFICATION_EMAILS_DUE).get(note!.id)).toBeNull();
    await sweepDueEmails({ readStore: readSide.readStore, jobs, now, logger: silent });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sharedMails()).toBe(2);
  }, 60_000);
});
