import { z } from 'zod';
import type { EventStore } from '@accommodate/shared-events/event-store/event-store';
import { SYSTEM_ACTOR } from '@accommodate/shared-events/events/envelope';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { ERASED } from '@accommodate/shared-events/events/personal-fields';
import { STAFF_ROLE_LABELS } from '@accommodate/shared-events/schemas/school';
import { evolveClass, initialClassState, isClassEvent } from '@accommodate/shared-events/domain/class/class';
import { evolveDistrict, initialDistrictState, isDistrictEvent } from '@accommodate/shared-events/domain/district/district';
import { evolveSchool, initialSchoolState, isSchoolEvent } from '@accommodate/shared-events/domain/school/school';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { EmailDeliveryDependencies, OutboxRecord } from '../notifications/email-delivery.ts';
import { accountName } from '../notifications/account-name.ts';
import { deliverInvitationOnce, joinLinks } from '../notifications/invitation-mail.ts';

export const ORGANISATION_INVITATION_JOB = 'organisation-invitation';
/** One record per invitation decided (sent or skipped): its presence means "never again". */
export const ORGANISATION_INVITATION_OUTBOX = 'organisation-invitation-outbox';

/**
 * An invitation to a school's staff, to administer a district, or to teach a class. Ids only: the address, the
 * names and the role are read when the mail is written, from the log as it is then.
 */
export const organisationInvitationJobSchema = z.object({
  kind: z.enum(['school', 'district', 'class']),
  /** The school's, district's or class's id: its stream holds the invitation. */
  id: z.string(),
  /** The staffId, adminId or teacherId the invitation was made under (random: no personal data). */
  invitationId: z.string(),
});
export type OrganisationInvitationJob = z.infer<typeof organisationInvitationJobSchema>;

/** Queued from the invitation's event; someone who added their own address needs no mail. */
export async function queueOrganisationInvitation(
  jobs: Pick<JobQueue, 'enqueue'>,
  job: OrganisationInvitationJob,
  invited: { granteeUserId: string | null; invitedBy: string },
): Promise<void> {
  if (invited.granteeUserId !== null && invited.granteeUserId === invited.invitedBy) return;
  await jobs.enqueue(ORGANISATION_INVITATION_JOB, job, { jobId: `organisation-invitation:${job.kind}:${job.invitationId}` });
}

/** What the invitation is to, as the log holds it now; null once it was withdrawn, the place erased or the address sealed away. */
interface StandingInvitation {
  email: string;
  invitedBy: string;
  /** 'join Lakeside Middle as a 504 Coordinator', 'administer Lakeside USD as a district admin'. */
  what: string;
}

async function standingInvitation(eventStore: Pick<EventStore, 'readStream'>, job: OrganisationInvitationJob): Promise<StandingInvitation | null> {
  const events = await eventStore.readStream(streamName(job.kind, job.id));
  if (job.kind === 'school') {
    const school = events.filter(isSchoolEvent).reduce(evolveSchool, initialSchoolState());
    const member = school.status === 'present' ? school.staff[job.invitationId] : undefined;
    const invited = events.filter(isSchoolEvent).find((event) => event.type === 'StaffInvited' && event.data.staffId === job.invitationId);
    if (school.status !== 'present' || !member || invited?.type !== 'StaffInvited') return null;
    return { email: member.email, invitedBy: invited.data.invitedBy, what: `join ${school.name} as ${withArticle(STAFF_ROLE_LABELS[member.role])}` };
  }
  if (job.kind === 'district') {
    const district = events.filter(isDistrictEvent).reduce(evolveDistrict, initialDistrictState());
    const admin = district.status === 'present' ? district.admins[job.invitationId] : undefined;
    const invited = events.filter(isDistrictEvent).find((event) => event.type === 'DistrictAdminInvited' && event.data.adminId === job.invitationId);
    if (district.status !== 'present' || !admin || invited?.type !== 'DistrictAdminInvited') return null;
    return { email: admin.email, invitedBy: invited.data.invitedBy, what: `administer ${district.name} as a district admin` };
  }
  const taught = events.filter(isClassEvent).reduce(evolveClass, initialClassState());
  const teacher = taught.status === 'active' ? taught.teachers[job.invitationId] : undefined;
  const invited = events.filter(isClassEvent).find((event) => event.type === 'ClassTeacherInvited' && event.data.teacherId === job.invitationId);
  if (taught.status !== 'active' || !teacher || invited?.type !== 'ClassTeacherInvited') return null;
  return { email: teacher.email, invitedBy: invited.data.invitedBy, what: `teach ${taught.details.name} as a co-teacher` };
}

const withArticle = (label: string): string => (/^[AEIOU]/.test(label) ? `an ${label}` : `a ${label}`);

/**
 * The invitation a person receives when they are invited to a school, a district or a class. It names who invited
 * them and to what; never a student.
 */
export function organisationInvitationMail(invitation: { inviterName: string | null; what: string; email: string; appUrl: string }): { subject: string; text: string } {
  const { inviterName, what, email, appUrl } = invitation;
  const who = inviterName ?? 'The administrator of Accommodate';
  const lines = [
    `${who} invited you to ${what} on Accommodate, the app for Section 504 plans.`,
    '',
    ...joinLinks({ email, appUrl, lead: 'To accept', toOrganisation: true }),
    '',
    'Not expecting this? You can ignore this e-mail: nothing is shared with this address until it is confirmed.',
  ];
  return { subject: `${who} invited you to Accommodate`, text: `${lines.join('\r\n')}\r\n` };
}

/** Sends one invitation at most once, while it still stands: one withdrawn since, or erased, is skipped. */
export async function deliverOrganisationInvitation(deps: EmailDeliveryDependencies, data: unknown): Promise<OutboxRecord> {
  const job = organisationInvitationJobSchema.parse(data);
  return deliverInvitationOnce(deps, ORGANISATION_INVITATION_OUTBOX, `${job.kind}-${job.invitationId}`, async () => {
    const invitation = await standingInvitation(deps.eventStore, job);
    if (!invitation || invitation.email === ERASED) return null;
    // A district the operator set up was invited by nobody's account.
    const inviterName = invitation.invitedBy === SYSTEM_ACTOR.userId ? null : await accountName(deps.readStore, invitation.invitedBy);
    return { to: invitation.email, ...organisationInvitationMail({ inviterName, what: invitation.what, email: invitation.email, appUrl: deps.appUrl }) };
  });
}
