import type { EventStore } from '@accommodate/shared-events/event-store/event-store';
import { isDomainEvent } from '@accommodate/shared-events/domain/event-types';
import type { EventEnvelope, Position } from '@accommodate/shared-events/events/envelope';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import type { Logger } from '@accommodate/shared-events/logging/logger';
import { displayName } from '@accommodate/shared-events/schemas/student';
import type { ReadStore } from '@accommodate/projections/store/read-store';
import { privateViewerIds } from '@accommodate/projections/queries/caseload-schema';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import type { JobQueue } from '../jobs/job-queue.ts';
import { raiseNotification, type NotificationDraft } from '../notifications/raise-notification.ts';
import {
  accommodationsChangedNotifications,
  archiveChangedNotifications,
  documentUploadedNotifications,
  ownershipTransferredNotifications,
  shareEndedNotifications,
  shareGrantedNotifications,
  type ChangeActor,
  type StudentContext,
} from '../notifications/notification-rules.ts';
import { queueNotificationEmail } from '../notifications/email-delivery.ts';
import { accountName } from '../notifications/account-name.ts';
import { queueShareInvitation, shareInvitationId } from '../sharing/share-invitation.ts';
import { queueOrganisationInvitation } from '../invitations/organisation-invitation.ts';
import { scheduleShareExpiry, shareExpiryJobId } from '../sharing/share-expiry.ts';
import { reviewReminderPlans } from './review-reminder-plans.ts';
import { followAccountPlan } from '../accounts/follow-account-plan.ts';
import { ROSTER_IMPORT_JOB, rosterImportJobId } from '../roster/roster-import-job.ts';
import { followVersionOnStudent, scheduleAcknowledgementReminders, versionMadeNotifications, type VersionMade } from './acknowledgement-reminders.ts';

/** The read model these reactions consult (plans, students and their viewers). */
const CASELOAD_PROJECTION = 'caseload';
/** The events whose reactions read the caseload: they wait (a while) for it to have applied the event. */
const NEEDS_CASELOAD = new Set([
  'PlanCreated',
  'PlanUpdated',
  'PlanFinalised',
  'PlanAmended',
  'DocumentUploaded',
  'StudentAccommodationsChanged',
  'StudentShared',
  'ShareActivated',
  'StudentOwnershipTransferred',
  'StudentHandedOver',
  'StudentArchived',
  'StudentRestored',
  'UserPremiumCancelled',
  'UserUpgradedToPremium',
]);
/** Every event type the reactions handle (the subscriber moves only its checkpoint past the others). */
export const HANDLED_EVENT_TYPES: ReadonlySet<string> = new Set([
  ...NEEDS_CASELOAD,
  'StudentDeleted',
  'NotificationRaised',
  'ShareRevoked',
  'ShareExpired',
  'RosterImportRequested',
  'StaffInvited',
  'DistrictAdminInvited',
  'ClassTeacherInvited',
]);

export interface NotificationReactionDependencies {
  eventStore: EventStore;
  readStore: ReadStore;
  jobs: Pick<JobQueue, 'enqueue' | 'cancel'>;
  logger: Logger;
  now: () => Date;
  /** Longest wait for the caseload projection to reach an event before reacting anyway. */
  caseloadWaitMs?: number;
}

/**
 * What each fact turns into: plan dates into review reminders, co-teachers' changes and shares into
 * notifications, raised notifications into e-mail jobs. Each reaction is idempotent (job ids, deterministic
 * notification ids). `pause` ends early when the subscriber stops, and `stopped` says whether it has.
 */
export function notificationReactions(deps: NotificationReactionDependencies, pause: (ms: number) => Promise<void>, stopped: () => boolean) {
  const { eventStore, readStore, jobs, logger } = deps;
  const reminders = reviewReminderPlans(readStore, jobs, deps.now);
  const { studentById } = caseloadQueries(readStore);

  const waitForCaseload = async (position: Position): Promise<void> => {
    const deadline = Date.now() + (deps.caseloadWaitMs ?? 5_000);
    while (!stopped()) {
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
    const student = await studentById(studentId);
    if (!student) return null;
    const viewerIds = audience === 'private' ? privateViewerIds(student) : student.viewerIds;
    return { studentId, studentLabel: displayName(student), viewerIds };
  };

  const actorOf = async (envelope: EventEnvelope): Promise<ChangeActor> => ({
    userId: envelope.actor.userId,
    name: await accountName(readStore, envelope.actor.userId),
  });

  /** The share as granted, from the student's stream (a revoked share is gone from the read model). */
  const shareOf = async (studentId: string, shareId: string): Promise<{ role: string; granteeUserId: string | null; expiresAt: string | null } | null> => {
    let share: { role: string; granteeUserId: string | null; expiresAt: string | null } | null = null;
    for (const event of await eventStore.readStream(streamName('student', studentId))) {
      if (!isDomainEvent(event)) continue;
      if (event.type === 'StudentShared' && event.data.shareId === shareId) {
        share = { role: event.data.role, granteeUserId: event.data.granteeUserId, expiresAt: event.data.expiresAt };
      }
      if (event.type === 'ShareActivated' && event.data.shareId === shareId && share) share = { ...share, granteeUserId: event.data.granteeUserId };
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

  return async (envelope: EventEnvelope): Promise<void> => {
    if (NEEDS_CASELOAD.has(envelope.type)) await waitForCaseload(envelope.position);
    if (!isDomainEvent(envelope)) return;
    switch (envelope.type) {
      case 'PlanCreated':
      case 'PlanUpdated':
        return reminders.onPlanEvent(envelope);
      case 'StudentDeleted':
        return reminders.onStudentDeleted(envelope.data.studentId);
      // A OneRoster import asked for: one job per import, whatever the replays.
      case 'RosterImportRequested':
        return jobs.enqueue(ROSTER_IMPORT_JOB, { importId: envelope.data.importId }, { jobId: rosterImportJobId(envelope.data.importId) });
      // A plan version: its review date may have moved; its teachers are asked to acknowledge it.
      case 'PlanFinalised':
      case 'PlanAmended': {
        await reminders.onPlanEvent(envelope);
        const { planId, studentId, version, teachers, content } = envelope.data;
        const made: VersionMade = {
          eventId: envelope.eventId,
          planId,
          studentId,
          version,
          kind: envelope.type === 'PlanFinalised' ? 'finalised' : 'amended',
          teacherIds: teachers.map((teacher) => teacher.userId),
          accommodationIds: content.accommodations.map((accommodation) => accommodation.id),
          at: new Date(envelope.occurredAt),
        };
        const student = await studentContext(studentId);
        if (student) await raiseAll(versionMadeNotifications(made, student.studentLabel, await actorOf(envelope)), envelope);
        await scheduleAcknowledgementReminders(jobs, made, deps.now());
        await followVersionOnStudent({ eventStore, readStore }, made);
        return;
      }
      case 'DocumentUploaded': {
        const student = await studentContext(envelope.data.studentId, 'private');
        if (student) await raiseAll(documentUploadedNotifications(student, envelope.data.documentId, await actorOf(envelope)), envelope);
        return;
      }
      case 'StudentAccommodationsChanged': {
        const student = await studentContext(envelope.data.studentId);
        const change = { eventId: envelope.eventId, added: envelope.data.added.length, removed: envelope.data.removed.length };
        if (student) await raiseAll(accommodationsChangedNotifications(student, change, await actorOf(envelope)), envelope);
        return;
      }
      case 'StudentShared':
      case 'ShareActivated': {
        const student = await studentContext(envelope.data.studentId);
        const share = await shareOf(envelope.data.studentId, envelope.data.shareId);
        if (student && share) {
          const drafts = shareGrantedNotifications(
            { eventId: envelope.eventId, studentId: student.studentId, studentLabel: student.studentLabel, granteeUserId: envelope.data.granteeUserId, role: share.role },
            envelope.actor.userId,
          );
          await raiseAll(drafts, envelope);
        }
        // No account has proved the address yet: the person is invited to create one (a mail naming no student).
        if (envelope.type === 'StudentShared' && envelope.data.granteeUserId === null) {
          const { studentId, shareId, grantedBy, email } = envelope.data;
          const invitationId = shareInvitationId({ grantedBy, email, grantedAt: envelope.occurredAt });
          await queueShareInvitation(jobs, { studentId, shareId, invitationId });
        }
        // Scheduled from the event, not by the API request: a grant acknowledged while Redis is down still expires.
        if (envelope.type === 'StudentShared' && envelope.data.expiresAt !== null) {
          await scheduleShareExpiry(jobs, { studentId: envelope.data.studentId, shareId: envelope.data.shareId, expiresAt: envelope.data.expiresAt }, deps.now());
        }
        return;
      }
      case 'ShareRevoked':
      case 'ShareExpired': {
        const share = await shareOf(envelope.data.studentId, envelope.data.shareId);
        const reason = envelope.type === 'ShareRevoked' ? 'revoked' : 'expired';
        if (share) await raiseAll(shareEndedNotifications({ eventId: envelope.eventId, granteeUserId: share.granteeUserId, reason }, envelope.actor.userId), envelope);
        // Tidiness only: a job for a revoked share finds nothing to expire.
        if (envelope.type === 'ShareRevoked' && share?.expiresAt) await jobs.cancel(shareExpiryJobId(envelope.data.shareId, share.expiresAt));
        return;
      }
      case 'StudentOwnershipTransferred':
      case 'StudentHandedOver': {
        const student = await studentContext(envelope.data.studentId);
        const because = envelope.type === 'StudentHandedOver' ? envelope.data.reason : ('co-teacher' as const);
        const transfer = { eventId: envelope.eventId, studentId: envelope.data.studentId, toUserId: envelope.data.toUserId, because };
        if (student) await raiseAll(ownershipTransferredNotifications({ ...transfer, studentLabel: student.studentLabel }, envelope.actor.userId), envelope);
        return;
      }
      case 'UserPremiumCancelled':
      case 'UserUpgradedToPremium':
        await followAccountPlan({ eventStore, readStore }, envelope.data.userId, envelope.eventId);
        return;
      case 'StudentArchived':
      case 'StudentRestored': {
        const student = await studentContext(envelope.data.studentId);
        const change = { eventId: envelope.eventId, archived: envelope.type === 'StudentArchived' };
        if (student) await raiseAll(archiveChangedNotifications(student, change, envelope.actor.userId), envelope);
        return;
      }
      // Invited to a school's staff, a district's admins or a class's teachers: a mail with the way in, as for shares.
      case 'StaffInvited':
        return queueOrganisationInvitation(jobs, { kind: 'school', id: envelope.data.schoolId, invitationId: envelope.data.staffId }, envelope.data);
      case 'DistrictAdminInvited':
        return queueOrganisationInvitation(jobs, { kind: 'district', id: envelope.data.districtId, invitationId: envelope.data.adminId }, envelope.data);
      case 'ClassTeacherInvited':
        return queueOrganisationInvitation(jobs, { kind: 'class', id: envelope.data.classId, invitationId: envelope.data.teacherId }, envelope.data);
      case 'NotificationRaised':
        await queueNotificationEmail({ readStore, jobs, now: deps.now }, envelope.data.notificationId);
        return;
    }
  };
}
