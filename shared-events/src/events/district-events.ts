import { z } from 'zod';
import { STAFF_ROLES } from '../schemas/school.ts';
import { defineEvent, type EventOf } from './define-event.ts';

// Districts and schools. A district, in `district-<districtId>`, holds its name and its district admins; a
// school, in `school-<schoolId>`, holds its name, its district and its staff. Invitations by e-mail are pending
// (granteeUserId null) until an account proves the address, as shares and class teachers are.

/** The creator is the district's first admin. */
export const DistrictCreated = defineEvent('DistrictCreated', 1, z.object({ districtId: z.string(), name: z.string(), createdBy: z.string() }));

export const DistrictAdminInvited = defineEvent(
  'DistrictAdminInvited',
  1,
  z.object({ districtId: z.string(), adminId: z.string(), email: z.string(), granteeUserId: z.string().nullable(), invitedBy: z.string() }),
);
export const DistrictAdminActivated = defineEvent('DistrictAdminActivated', 1, z.object({ districtId: z.string(), adminId: z.string(), granteeUserId: z.string() }));
/**
 * Someone stops administering the district, or a pending invitation is withdrawn: `userId` is the account that loses
 * the role (null for an invitation nobody took up yet), `adminIds` the invitations that go with it. The creator holds
 * the role without an invitation, so removing them is `userId` alone.
 */
export const DistrictAdminRemoved = defineEvent(
  'DistrictAdminRemoved',
  1,
  z.object({ districtId: z.string(), userId: z.string().nullable(), adminIds: z.array(z.string()), removedBy: z.string() }),
);

/**
 * Retention: the records of the district's students who left (graduated, or marked inactive: withdrawn or
 * transferred out of the district) are kept this many years after the day they left, then erased by the daily job.
 */
export const DistrictRetentionSet = defineEvent('DistrictRetentionSet', 1, z.object({ districtId: z.string(), yearsAfterLeaving: z.number().int(), setBy: z.string() }));
/** The district's days without school (holidays, in-service days), replaced whole: the implementation log's coverage skips them. */
export const DistrictNonSchoolDaysSet = defineEvent('DistrictNonSchoolDaysSet', 1, z.object({ districtId: z.string(), dates: z.array(z.string()), setBy: z.string() }));
/**
 * The district's time zone (IANA), in which its records print times: the hearing packet, for one. Until it is set,
 * each reader's own zone is used.
 */
export const DistrictTimeZoneSet = defineEvent('DistrictTimeZoneSet', 1, z.object({ districtId: z.string(), timeZone: z.string(), setBy: z.string() }));
/**
 * Leaving the product: every student of the district was erased (each with its own StudentDeleted) and
 * its schools and staff roles are gone; this is the receipt the law asks to keep. No personal data.
 */
export const DistrictErased = defineEvent(
  'DistrictErased',
  1,
  z.object({ districtId: z.string(), erasedBy: z.string(), studentsErased: z.number().int(), schoolIds: z.array(z.string()) }),
);

/**
 * Single sign-on: the district's OpenID provider, replaced whole at each save. The client secret is a
 * personal field, sealed in the log with the district's key; read models keep no copy of it.
 */
export const DistrictSsoConfigured = defineEvent(
  'DistrictSsoConfigured',
  1,
  z.object({
    districtId: z.string(),
    issuer: z.string(),
    clientId: z.string(),
    clientSecret: z.string(),
    emailDomains: z.array(z.string()),
    required: z.boolean(),
    configuredBy: z.string(),
  }),
);

/** Single sign-on turned off: the district's staff sign in with passwords again. */
export const DistrictSsoRemoved = defineEvent('DistrictSsoRemoved', 1, z.object({ districtId: z.string(), removedBy: z.string() }));

/**
 * The code a district publishes in a DNS TXT record of an e-mail domain to prove it owns it: random, one per district
 * and domain, issued when the domain is first listed and kept if it is listed again, so a record once published stays
 * right. Not a secret (DNS shows it to anyone), but nobody can guess it before it is published.
 */
export const DistrictSsoDomainTokenIssued = defineEvent('DistrictSsoDomainTokenIssued', 1, z.object({ districtId: z.string(), domain: z.string(), token: z.string() }));
/**
 * The district proved it owns the domain, so its single sign-on now covers the domain's addresses: `dns`, its record
 * was found by a district admin's check; `operator`, the operator vouched (`npm run district:verify-domain`).
 */
export const DistrictSsoDomainVerified = defineEvent(
  'DistrictSsoDomainVerified',
  1,
  z.object({ districtId: z.string(), domain: z.string(), method: z.enum(['dns', 'operator']), verifiedBy: z.string() }),
);
/** The daily check found the domain's record gone: the domain covers nothing until it is verified again. */
export const DistrictSsoDomainSuspended = defineEvent('DistrictSsoDomainSuspended', 1, z.object({ districtId: z.string(), domain: z.string() }));

export const SchoolCreated = defineEvent('SchoolCreated', 1, z.object({ schoolId: z.string(), districtId: z.string(), name: z.string() }));
/** A new name, given by an administrator or by the SIS on a roster import. */
export const SchoolRenamed = defineEvent('SchoolRenamed', 1, z.object({ schoolId: z.string(), name: z.string() }));
/** An empty school (made by mistake, or twice) taken away by a district admin: it had no students, classes nor staff but admins. */
export const SchoolDeleted = defineEvent('SchoolDeleted', 1, z.object({ schoolId: z.string(), districtId: z.string(), deletedBy: z.string() }));

const staffRole = z.enum(STAFF_ROLES);
export const StaffInvited = defineEvent(
  'StaffInvited',
  1,
  z.object({ schoolId: z.string(), staffId: z.string(), email: z.string(), role: staffRole, granteeUserId: z.string().nullable(), invitedBy: z.string() }),
);
export const StaffActivated = defineEvent('StaffActivated', 1, z.object({ schoolId: z.string(), staffId: z.string(), granteeUserId: z.string() }));
export const StaffRoleChanged = defineEvent('StaffRoleChanged', 1, z.object({ schoolId: z.string(), staffId: z.string(), role: staffRole }));
/** The person leaves the school's staff; the school's students stay with the school. */
export const StaffRemoved = defineEvent('StaffRemoved', 1, z.object({ schoolId: z.string(), staffId: z.string() }));

export const DISTRICT_EVENTS = [
  DistrictCreated,
  DistrictAdminInvited,
  DistrictAdminActivated,
  DistrictAdminRemoved,
  DistrictRetentionSet,
  DistrictTimeZoneSet,
  DistrictNonSchoolDaysSet,
  DistrictErased,
  DistrictSsoConfigured,
  DistrictSsoRemoved,
  DistrictSsoDomainTokenIssued,
  DistrictSsoDomainVerified,
  DistrictSsoDomainSuspended,
] as const;
export type DistrictEvent = EventOf<(typeof DISTRICT_EVENTS)[number]>;
export const SCHOOL_EVENTS = [SchoolCreated, SchoolRenamed, SchoolDeleted, StaffInvited, StaffActivated, StaffRoleChanged, StaffRemoved] as const;
export type SchoolEvent = EventOf<(typeof SCHOOL_EVENTS)[number]>;
