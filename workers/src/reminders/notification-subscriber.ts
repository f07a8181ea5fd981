import type { EventStore } from '@accommodate/shared-events/event-store/event-store';
import type { EventEnvelope, Position } from '@accommodate/shared-events/events/envelope';
import type { PlanEvent } from '@accommodate/shared-events/events/plan-events';
import type { StudentEvent } from '@accommodate/shared-events/events/student-events';
import type { DocumentEvent } from '@accommodate/shared-events/events/document-events';
import type { NotificationEvent } from '@accommodate/shared-events/events/notification-events';
import type { Logger } from '@accommodate/shared-events/logging/logger';
import { sleep } from '@accommodate/shared-events/timing/sleep';
import { turnTaker } from '@accommodate/shared-events/timing/for-each-taking-turns';
import { displayName } from '@accommodate/shared-events/schemas/student';
import type { ReadStore } from '@accommodate/projections/store/read-store';
import { STUDENTS } from '@accommodate/projections/definitions/caseload-collections';
import { privateViewerIds, type StudentDoc } from '@accommodate/projections/definitions/caseload-projection';
import type { JobQueue } from '../jobs/job-queue.ts';
import { raiseNotification, type NotificationDraft } from '../notifications/raise-notification.ts';
import {
  accommodationsChangedNotifications,
  documentUploadedNotifications,
  shareEndedNotifications,
  shareGrantedNotifications,
  type StudentContext,
} from '../notifications/notification-rules.ts';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { queueNotificationEmail } from '../notifications/email-delivery.ts';
import { cancelReviewReminders, CLOSED_PLAN_STATUS, scheduleReviewReminders } from './review-reminders.ts';
import { scheduleShareExpiry, shareExpiryJobId } from '../sharing/share-expiry.ts';

/** The subscriber's own state, beside (not inside) the projections' read models. */
export const SUBSCRIBER_STATE = 'notification-subscriber';
/** What the subscriber last saw of each plan, to know which reminders to cancel when it changes. */
export const REMINDER_PLANS = 'review-reminder-plans';

interface CheckpointDoc {
  id: string;
  position: string;
}
interface ReminderPlanDoc {
  id: string;
  studentId: string;
  reviewDate: string;
  status: string;
}

const CHECKPOINT_ID = 'checkpoint';
/** The read model these reactions consult (plans, students and their viewers). */
const CASELOAD_PROJECTION = 'caseload';
const HANDLED = new Set([
  'PlanCreated',
  'PlanUpdated',
  'StudentDeleted',
  'DocumentUploaded',
  'StudentAccommodationsChanged',
  'NotificationRaised',
  'StudentShared',
  'ShareActivated',
  'ShareRevoked',
  'ShareExpired',
]);
const NEEDS_CASELOAD = new Set(['PlanCreated', 'PlanUpdated', 'DocumentUploaded', 'StudentAccommodationsChanged', 'StudentShared', 'ShareActivated']);
/**
 * Longest pause between tries of a failed reaction. The failure is nearly always Redis or a store
 * restarting, and the reaction should run within a second of its return; one try a second meanwhile is cheap.
 */
const MAX_RETRY_MS = 1_000;
/** A reaction still failing is logged on its first try and then every this many tries, not every second. */
const LOG_EVERY_TRIES = 30;
/**
 * The checkpoint is saved after this many events or this long after the last save, whichever comes first
 * (and at stop). Every reaction is idempotent, so replaying the events after a saved checkpoint is harmless;
 * saving after each handled event was a write per event, and catching up with a 100,000-event log on a
 * first start took seconds longer for it.
 */
const SAVE_EVERY_EVENTS = 200;
const SAVE_EVERY_MS = 1_000;
/** Events handled between two turns of the event loop while catching up, so requests are served meanwhile. */
const EVENTS_PER_TURN = 50;

export interface NotificationSubscriberDependencies {
  eventStore: EventStore;
  readStore: ReadStore;
  jobs: Pick<JobQueue, 'enqueue' | 'cancel'>;
  logger: Logger;
  now: () => Date;
  /** Longest wait for the caseload projection to reach an event before reacting anyway. */
  caseloadWaitMs?: number;
  /** First back-off after a failed reaction (doubles, capped at MAX_RETRY_MS). */
  retryMs?: number;
}

export interface NotificationSubscriber {
  /** Resolves true once every event up to `position` has been handled. */
  whenProcessed(position: Position, timeoutMs: number): Promise<boolean>;
  stop(): Promise<void>;
}

/**
 * Follows the event log from its own checkpoint and turns facts into reminders and
 * notifications: plan dates into scheduled review jobs, co-teachers' changes into
 * notifications, raised notifications into e-mail jobs. Every reaction is idempotent
 * (job ids, deterministic notification ids), so the replay after a restart, from the
 * last saved checkpoint, repeats nothing a user would see.
 */
export function startNotificationSubscriber(deps: NotificationSubscriberDependencies): NotificationSubscriber {
  const { eventStore, readStore, jobs, logger } = deps;
  const state = readStore.state<CheckpointDoc>(SUBSCRIBER_STATE);
  const plans = readStore.state<ReminderPlanDoc>(REMINDER_PLANS);
  const abort = new AbortController();
  const retryMs = deps.retryMs ?? 500;
  let processed: Position | null = null;
  let unsaved = 0;
  let savedAt = Date.now();
  const takeTurn = turnTaker(EVENTS_PER_TURN);
  const waiters = new Set<() => void>();

  const pause = (ms: number) => sleep(ms, abort.signal);

  const waitForCaseload = async (position: Position): Promise<void> => {
    const deadline = Date.now() + (deps.caseloadWaitMs ?? 5_000);
    while (!abort.signal.aborted) {
      const active = await readStore.activeBuild(CASELOAD_PROJECTION);
      if (active?.checkpoint !== null && active?.checkpoint !== undefined && active.checkpoint >= position) return;
      if (Date.now() >= deadline) {
        logger.warn('caseload read model lagging; reacting without it', { eventPosition: position.toString() });
        return;
      }
      await pause(20);
    }
  };

  /** `audience: 'private'` leaves out substitutes, who may not see documents. */
  const studentContext = async (studentId: string, audience: 'all' | 'private' = 'all'): Promise<StudentContext | null> => {
    const student = await readStore.collection<StudentDoc>(STUDENTS).get(studentId);
    if (!student) return null;
    const viewerIds = audience === 'private' ? privateViewerIds(student) : student.viewerIds;
    return { studentId, studentLabel: displayName(student), viewerIds };
  };

  /** The share as granted, from the student's stream (a revoked share is gone from the read model). */
  const shareOf = async (studentId: string, shareId: string): Promise<{ role: string; granteeUserId: string | null; expiresAt: string | null } | null> => {
    let share: { role: string; granteeUserId: string | null; expiresAt: string | null } | null = null;
    for (const event of await eventStore.readStream(streamName('student', studentId))) {
      const data = event.data as { shareId?: string; role?: string; granteeUserId?: string | null; expiresAt?: string | null };
      if (data.shareId !== shareId) continue;
      if (event.type === 'StudentShared') share = { role: data.role ?? 'co-teacher', granteeUserId: data.granteeUserId ?? null, expiresAt: data.expiresAt ?? null };
      if (event.type === 'ShareActivated' && share) share = { ...share, granteeUserId: data.granteeUserId ?? null };
    }
    return share;
  };

  const raiseAll = async (drafts: NotificationDraft[], envelope: EventEnvelope) => {
    for (const draft of drafts) {
      await raiseNotification(eventStore, draft, {
        actor: envelope.actor,
        causationId: envelope.eventId,
        correlationId: envelope.correlationId,
      });
    }
  };

  const onPlanEvent = async (event: PlanEvent) => {
    const planId = event.data.planId;
    const before = await plans.get(planId);
    let after: ReminderPlanDoc;
    if (event.type === 'PlanCreated') {
      if (before) return;
      after = { id: planId, studentId: event.data.studentId, reviewDate: event.data.reviewDate, status: event.data.status };
    } else {
      if (!before) return;
      after = { ...before, ...pick(event.data.changes) };
    }
    const open = after.status !== CLOSED_PLAN_STATUS;
    const wasOpen = before !== null && before.status !== CLOSED_PLAN_STATUS;
    const dateMoved = before !== null && before.reviewDate !== after.reviewDate;
    if (before && wasOpen && (dateMoved || !open)) await cancelReviewReminders(jobs, planId, before.reviewDate);
    if (open && (!before || dateMoved || !wasOpen)) {
      await scheduleReviewReminders(jobs, { planId, reviewDate: after.reviewDate }, deps.now());
    }
    await plans.put(after);
  };

  const onStudentDeleted = async (studentId: string) => {
    for (const plan of await plans.find({ studentId })) {
      await cancelReviewReminders(jobs, plan.id, plan.reviewDate);
      await plans.delete(plan.id);
    }
  };

  const react = async (envelope: EventEnvelope): Promise<void> => {
    if (NEEDS_CASELOAD.has(envelope.type)) await waitForCaseload(envelope.position);
    const event = envelope as unknown as PlanEvent | StudentEvent | DocumentEvent | NotificationEvent;
    switch (event.type) {
      case 'PlanCreated':
      case 'PlanUpdated':
        return onPlanEvent(event);
      case 'StudentDeleted':
        return onStudentDeleted(event.data.studentId);
      case 'DocumentUploaded': {
        const student = await studentContext(event.data.studentId, 'private');
        if (student) await raiseAll(documentUploadedNotifications(student, event.data.documentId, envelope.actor.userId), envelope);
        return;
      }
      case 'StudentAccommodationsChanged': {
        const student = await studentContext(event.data.studentId);
        const change = { eventId: envelope.eventId, added: event.data.added.length, removed: event.data.removed.length };
        if (student) await raiseAll(accommodationsChangedNotifications(student, change, envelope.actor.userId), envelope);
        return;
      }
      case 'StudentShared':
      case 'ShareActivated': {
        const student = await studentContext(event.data.studentId);
        const share = await shareOf(event.data.studentId, event.data.shareId);
        if (student && share) {
          const drafts = shareGrantedNotifications(
            { eventId: envelope.eventId, studentId: student.studentId, studentLabel: student.studentLabel, granteeUserId: event.data.granteeUserId, role: share.role },
            envelope.actor.userId,
          );
          await raiseAll(drafts, envelope);
        }
        // Scheduled from the event, not by the API request: a grant acknowledged while Redis is down still expires.
        if (event.type === 'StudentShared' && event.data.expiresAt !== null) {
          await scheduleShareExpiry(jobs, { studentId: event.data.studentId, shareId: event.data.shareId, expiresAt: event.data.expiresAt }, deps.now());
        }
        return;
      }
      case 'ShareRevoked':
      case 'ShareExpired': {
        const share = await shareOf(event.data.studentId, event.data.shareId);
        const reason = event.type === 'ShareRevoked' ? 'revoked' : 'expired';
        if (share) await raiseAll(shareEndedNotifications({ eventId: envelope.eventId, granteeUserId: share.granteeUserId, reason }, envelope.actor.userId), envelope);
        // Tidiness only: a job for a revoked share finds nothing to expire.
        if (event.type === 'ShareRevoked' && share?.expiresAt) await jobs.cancel(shareExpiryJobId(event.data.shareId, share.expiresAt));
        return;
      }
      case 'NotificationRaised':
        await queueNotificationEmail({ readStore, jobs, now: deps.now }, event.data.notificationId);
        return;
    }
  };

  /** A failed reaction (Redis restarting, a store hiccup) is retried until it works: skipping it would lose a reminder. */
  const reactWithRetry = async (envelope: EventEnvelope): Promise<void> => {
    for (let attempt = 0; !abort.signal.aborted; attempt += 1) {
      try {
        await react(envelope);
        return;
      } catch (error) {
        if (attempt % LOG_EVERY_TRIES === 0) {
          logger.warn('notification reaction failed; retrying', {
            eventType: envelope.type,
            error: error instanceof Error ? error.name : typeof error,
            attempt: attempt + 1,
          });
        }
        await pause(Math.min(MAX_RETRY_MS, retryMs * 2 ** Math.min(attempt, 10)));
      }
    }
  };

  const saveCheckpoint = async (position: Position) => {
    await state.put({ id: CHECKPOINT_ID, position: position.toString() });
    unsaved = 0;
    savedAt = Date.now();
  };

  const markProcessed = (position: Position) => {
    processed = position;
    for (const wake of waiters) wake();
  };

  const follow = async (): Promise<void> => {
    while (!abort.signal.aborted) {
      try {
        const saved = await state.get(CHECKPOINT_ID);
        const after = saved ? BigInt(saved.position) : null;
        for await (const envelope of eventStore.subscribeToAll({ after, signal: abort.signal })) {
          if (HANDLED.has(envelope.type)) {
            await reactWithRetry(envelope);
            if (abort.signal.aborted) return;
          }
          if (++unsaved >= SAVE_EVERY_EVENTS || Date.now() - savedAt >= SAVE_EVERY_MS) await saveCheckpoint(envelope.position);
          markProcessed(envelope.position);
          await takeTurn();
        }
      } catch (error) {
        if (abort.signal.aborted) return;
        logger.warn('event subscription ended; resubscribing', { error: error instanceof Error ? error.name : typeof error });
      }
      await pause(retryMs);
    }
  };
  const running = follow();

  return {
    async whenProcessed(position, timeoutMs) {
      const reached = () => processed !== null && processed >= position;
      if (reached()) return true;
      return new Promise<boolean>((resolve) => {
        const done = (result: boolean) => {
          clearTimeout(timer);
          waiters.delete(check);
          resolve(result);
        };
        const check = () => {
          if (reached()) done(true);
        };
        const timer = setTimeout(() => done(reached()), timeoutMs);
        waiters.add(check);
      });
    },
    async stop() {
      abort.abort();
      await running;
      // Keep what was processed since the last save, so a restart does not re-read it.
      if (processed !== null && unsaved > 0) await saveCheckpoint(processed).catch(() => undefined);
    },
  };
}

/** Only the fields the reminders follow. */
function pick(changes: { reviewDate?: string | undefined; status?: string | undefined }): Partial<ReminderPlanDoc> {
  return {
    ...(changes.reviewDate !== undefined ? { reviewDate: changes.reviewDate } : {}),
    ...(changes.status !== undefined ? { status: changes.status } : {}),
  };
}
