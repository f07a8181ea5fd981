import type { EventStore } from '@accommodate/shared-events/event-store/event-store';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { isClassEvent } from '@accommodate/shared-events/domain/class/class';
import { isDistrictEvent } from '@accommodate/shared-events/domain/district/district';
import { isSchoolEvent } from '@accommodate/shared-events/domain/school/school';
import { forEachTakingTurns } from '@accommodate/shared-events/timing/for-each-taking-turns';
import { classQueries } from '@accommodate/projections/queries/class-queries';
import { organisationQueries } from '@accommodate/projections/queries/organisation-queries';
import type { ReadStore } from '@accommodate/projections/store/read-store';
import type { JobQueue } from '../jobs/job-queue.ts';
import { EMAIL_DUE_FOR_MS, type OutboxRecord } from '../notifications/email-delivery.ts';
import { ORGANISATION_INVITATION_OUTBOX, queueOrganisationInvitation, type OrganisationInvitationJob } from './organisation-invitation.ts';

type SweepDependencies = { readStore: ReadStore; eventStore: Pick<EventStore, 'readStream'>; jobs: Pick<JobQueue, 'enqueue'>; now: () => Date };

/** When the invitation was made, and by whom, from its own stream; null where the stream holds no such invitation. */
async function invitationMade(deps: SweepDependencies, job: OrganisationInvitationJob): Promise<{ at: string; invitedBy: string } | null> {
  for (const event of await deps.eventStore.readStream(streamName(job.kind, job.id))) {
    const made =
      (isSchoolEvent(event) && event.type === 'StaffInvited' && event.data.staffId === job.invitationId) ||
      (isDistrictEvent(event) && event.type === 'DistrictAdminInvited' && event.data.adminId === job.invitationId) ||
      (isClassEvent(event) && event.type === 'ClassTeacherInvited' && event.data.teacherId === job.invitationId)
        ? event.data
        : null;
    if (made) return { at: event.occurredAt, invitedBy: made.invitedBy };
  }
  return null;
}

/**
 * Part of the daily sweeps: the invitation again for every invitation to a school, a district or a class still
 * pending, made in the last 3 days, whose e-mail is not yet decided (sent or skipped): one whose job was lost with
 * Redis's data still goes out. One already decided is never queued again, and the job id dedupes one still queued.
 */
export async function sweepOrganisationInvitations(deps: SweepDependencies): Promise<number> {
  const outbox = deps.readStore.state<OutboxRecord>(ORGANISATION_INVITATION_OUTBOX);
  const since = deps.now().getTime() - EMAIL_DUE_FOR_MS;
  const organisations = organisationQueries(deps.readStore);
  const pending: OrganisationInvitationJob[] = [
    ...(await organisations.allSchools()).flatMap((school) =>
      Object.values(school.staff).flatMap((member) => (member.granteeUserId === null ? [{ kind: 'school' as const, id: school.id, invitationId: member.staffId }] : [])),
    ),
    ...(await organisations.allDistricts()).flatMap((district) =>
      Object.values(district.admins).flatMap((admin) => (admin.granteeUserId === null ? [{ kind: 'district' as const, id: district.id, invitationId: admin.adminId }] : [])),
    ),
    ...(await classQueries(deps.readStore).allClasses()).flatMap((taught) =>
      taught.status !== 'active'
        ? []
        : Object.values(taught.teachers).flatMap((teacher) => (teacher.granteeUserId === null ? [{ kind: 'class' as const, id: taught.id, invitationId: teacher.teacherId }] : [])),
    ),
  ];
  let queued = 0;
  await forEachTakingTurns(pending, async (job) => {
    if (await outbox.get(`${job.kind}-${job.invitationId}`)) return;
    const made = await invitationMade(deps, job);
    if (!made || Date.parse(made.at) < since) return;
    await queueOrganisationInvitation(deps.jobs, job, { granteeUserId: null, invitedBy: made.invitedBy });
    queued += 1;
  });
  return queued;
}
