import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DomainEvent } from '@accommodate/shared-events/events/registry';
import type { Logger } from '@accommodate/shared-events/logging/logger';
import { InMemoryEventStore } from '@accommodate/shared-events/event-store/testing/in-memory-event-store';
import { openEmbeddedReadStore } from '@accommodate/projections/store/embedded-read-store';
import { startProjections, type ProjectionRunner } from '@accommodate/projections/runner/projection-runner';
import { caseloadProjection, type StudentDoc } from '@accommodate/projections/definitions/caseload-projection';
import { notificationsProjection } from '@accommodate/projections/definitions/notifications-projection';
import { STUDENTS } from '@accommodate/projections/definitions/caseload-collections';
import type { Collection, ReadStore } from '@accommodate/projections/store/read-store';
import type { JobQueue } from '../jobs/job-queue.ts';
import { startNotificationSubscriber, type NotificationSubscriber } from './notification-subscriber.ts';

const silent: Logger = { debug() {}, info() {}, warn() {}, error() {} };
const now = () => new Date('2025-01-10T12:00:00Z');

/** Records what the subscriber asks of the queue. */
function recordingQueue() {
  const enqueued: string[] = [];
  const cancelled: string[] = [];
  const jobs: Pick<JobQueue, 'enqueue' | 'cancel'> = {
    enqueue: async (_name, _data, options) => void enqueued.push(options?.jobId ?? '?'),
    cancel: async (jobId) => void cancelled.push(jobId),
  };
  return { jobs, enqueued, cancelled };
}

/** Sharing is not built yet: this read store shows the student with a co-teacher among its viewers. */
function withCoTeacher(store: ReadStore, coTeacherId: string): ReadStore {
  return new Proxy(store, {
    get(target, property) {
      if (property !== 'collection') return Reflect.get(target, property);
      return (name: string) => {
        const collection = target.collection(name);
        if (name !== STUDENTS) return collection;
        const shared: Collection<StudentDoc> = {
          ...(collection as Collection<StudentDoc>),
          get: async (id) => {
            const student = await (collection as Collection<StudentDoc>).get(id);
            return student ? { ...student, viewerIds: [...student.viewerIds, coTeacherId] } : null;
          },
        };
        return shared;
      };
    },
  });
}

describe('notification subscriber', () => {
  let eventStore: InMemoryEventStore;
  let readStore: ReadStore;
  let runner: ProjectionRunner;
  const running: NotificationSubscriber[] = [];
  const append = (stream: string, event: DomainEvent, userId = 'owner') =>
    eventStore.append(stream, [event], { expectedRevision: 'any', actor: { userId }, correlationId: randomUUID(), causationId: null });
  const start = (jobs: Pick<JobQueue, 'enqueue' | 'cancel'>, store: ReadStore = readStore) => {
    const subscriber = startNotificationSubscriber({ eventStore, readStore: store, jobs, logger: silent, now, retryMs: 20 });
    running.push(subscriber);
    return subscriber;
  };

  beforeEach(async () => {
    eventStore = new InMemoryEventStore();
    readStore = openEmbeddedReadStore({ file: ':memory:' });
    runner = await startProjections({
      eventStore,
      readStore,
      projections: [caseloadProjection, notificationsProjection],
      publisher: { publish() {}, close: async () => {} },
    });
    await append('student-s1', {
      type: 'StudentAdded',
      data: { studentId: 's1', ownerId: 'owner', firstName: 'Maya', lastInitial: 'R', grade: '4', status: 'active', birthdate: null, parentName: null, parentEmail: null, parentNotes: null, notes: null },
    });
  });
  afterEach(async () => {
    for (const subscriber of running.splice(0)) await subscriber.stop();
    await runner.stop();
    await readStore.close();
  });

  it('schedules a new plan’s reminders and, after a restart, resumes from its checkpoint', async () => {
    const first = recordingQueue();
    const subscriber = start(first.jobs);
    const created = await append('plan-p1', {
      type: 'PlanCreated',
      data: { planId: 'p1', studentId: 's1', startDate: '2024-09-01', reviewDate: '2025-06-30', status: 'active', meetingDate: null, caseManager: null },
    });
    expect(await subscriber.whenProcessed(created.position, 3_000)).toBe(true);
    expect(first.enqueued).toEqual(['30-day', '7-day', '1-day', 'overdue'].map((t) => `review:p1:${t}:2025-06-30`));
    await subscriber.stop();

    const second = recordingQueue();
    const restarted = start(second.jobs);
    const closed = await append('plan-p1', { type: 'PlanUpdated', data: { planId: 'p1', studentId: 's1', changes: { status: 'closed' } } });
    expect(await restarted.whenProcessed(closed.position, 3_000)).toBe(true);
    // Nothing from before the restart is enqueued again; closing the plan cancels its reminders.
    expect(second.enqueued).toEqual([]);
    expect(second.cancelled).toEqual(['30-day', '7-day', '1-day', 'overdue'].map((t) => `review:p1:${t}:2025-06-30`));
  });

  it('cancels a deleted student’s plan reminders', async () => {
    const queue = recordingQueue();
    const subscriber = start(queue.jobs);
    await append('plan-p1', {
      type: 'PlanCreated',
      data: { planId: 'p1', studentId: 's1', startDate: '2024-09-01', reviewDate: '2025-06-30', status: 'active', meetingDate: null, caseManager: null },
    });
    const deleted = await append('student-s1', { type: 'StudentDeleted', data: { studentId: 's1' } });
    expect(await subscriber.whenProcessed(deleted.position, 3_000)).toBe(true);
    expect(queue.cancelled).toHaveLength(4);
  });

  it('tells the other viewer when a co-teacher uploads a document, and queues its e-mail once', async () => {
    const queue = recordingQueue();
    const subscriber = start(queue.jobs, withCoTeacher(readStore, 'coteacher'));
    const uploaded = await append(
      'document-d1',
      { type: 'DocumentUploaded', data: { documentId: 'd1', studentId: 's1', name: 'plan.pdf', mimeType: 'application/pdf', size: 10, sha256: 'x' } },
      'coteacher',
    );
    expect(await subscriber.whenProcessed(uploaded.position, 3_000)).toBe(true);
    const head = await eventStore.headPosition();
    expect(await subscriber.whenProcessed(head!, 3_000)).toBe(true);

    const raised: { data: any; actor: { userId: string } }[] = [];
    for await (const event of eventStore.readAll()) if (event.type === 'NotificationRaised') raised.push(event);
    expect(raised.map((event) => [event.data.userId, event.data.type, event.data.message, event.actor.userId])).toEqual([
      // No account for 'coteacher' in this log: the message says 'A teacher', never a role it may not have.
      ['owner', 'document', 'A teacher uploaded a document for Maya R.', 'coteacher'],
    ]);
    expect(queue.enqueued).toEqual([`email:${raised[0]!.data.notificationId}`]);
  });

  it('schedules a share’s expiry from the grant, and cancels it when the share is revoked', async () => {
    const queue = recordingQueue();
    const subscriber = start(queue.jobs);
    await append('student-s1', {
      type: 'StudentShared',
      data: { studentId: 's1', shareId: 'sh1', role: 'substitute', expiresAt: '2025-02-01', grantedBy: 'owner', email: 'sub@school.test', granteeUserId: 'sub' },
    });
    const revoked = await append('student-s1', { type: 'ShareRevoked', data: { studentId: 's1', shareId: 'sh1' } });
    expect(await subscriber.whenProcessed(revoked.position, 3_000)).toBe(true);
    expect(queue.enqueued).toContain('share-expiry:sh1:2025-02-01');
    expect(queue.cancelled).toEqual(['share-expiry:sh1:2025-02-01']);
  });

  it('after a crash (no stop, checkpoint behind), replays from the saved checkpoint and raises nothing twice', async () => {
    const store = withCoTeacher(readStore, 'coteacher');
    const first = start(recordingQueue().jobs, store);
    await append(
      'document-d1',
      { type: 'DocumentUploaded', data: { documentId: 'd1', studentId: 's1', name: 'plan.pdf', mimeType: 'application/pdf', size: 10, sha256: 'x' } },
      'coteacher',
    );
    expect(await first.whenProcessed((await eventStore.headPosition())!, 3_000)).toBe(true);

    // A second process on the same stores, while the first one's last events are not saved yet.
    const second = start(recordingQueue().jobs, store);
    expect(await second.whenProcessed((await eventStore.headPosition())!, 3_000)).toBe(true);
    const raised: string[] = [];
    for await (const event of eventStore.readAll()) if (event.type === 'NotificationRaised') raised.push((event.data as { userId: string }).userId);
    expect(raised).toEqual(['owner']);
  });
});
