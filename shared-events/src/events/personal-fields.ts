/**
 * Which fields of which events are personal data, and whose key protects them
 * (crypto-shredding: destroying the subject's key makes the fields unreadable for good).
 * Paths are dot-separated into nested objects (`changes.firstName`). Only string values
 * are encrypted; nulls and absent fields stay as they are, so every schema stays valid.
 * A new event type with personal data must be declared here.
 */
export interface PersonalFields {
  /** The data subject whose key encrypts the fields: a student id or a user id. */
  subject(data: Record<string, unknown>): string | null;
  fields: readonly string[];
}

const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const student = (data: Record<string, unknown>) => str(data.studentId);
const user = (data: Record<string, unknown>) => str(data.userId);

const STUDENT_DETAILS = ['firstName', 'lastInitial', 'birthdate', 'parentName', 'parentEmail', 'parentNotes', 'notes'] as const;

export const PERSONAL_FIELDS: Readonly<Record<string, PersonalFields>> = {
  StudentAdded: { subject: student, fields: STUDENT_DETAILS },
  StudentDetailsUpdated: { subject: student, fields: STUDENT_DETAILS.map((field) => `changes.${field}`) },
  DocumentUploaded: { subject: student, fields: ['name'] },
  // A notification about a student names them; one about nobody in particular is the recipient's.
  NotificationRaised: { subject: (data) => student(data) ?? user(data), fields: ['title', 'message'] },
  // Who accessed is part of the student's record of access (34 CFR 99.32): under the student's key, it outlives the account.
  StudentRecordAccessed: { subject: student, fields: ['ip', 'userAgent', 'userName'] },
  UserRegistered: { subject: user, fields: ['name', 'email'] },
  UserProfileUpdated: { subject: user, fields: ['name', 'email', 'pendingEmail'] },
  UserEmailVerified: { subject: user, fields: ['email'] },
  // Not personal data, but a key to the account: sealed with the account's key, so erasure takes it too.
  TwoFactorSetupStarted: { subject: user, fields: ['secret'] },
  // Sharing: the invitee's e-mail is the student's record of who it was shared with.
  StudentShared: { subject: student, fields: ['email'] },
  // Classes: the invited teacher's e-mail is sealed with the class's own key.
  ClassTeacherInvited: { subject: (data) => str(data.classId), fields: ['email'] },
  // Plan versions: why a plan was amended is written about the student.
  PlanAmended: { subject: student, fields: ['reason', 'content.record'] },
  // The plan record: impairment, life activities, consent, the team and the specifics, as one JSON string.
  PlanFinalised: { subject: student, fields: ['content.record'] },
  PlanRecordUpdated: { subject: student, fields: ['record'] },
  // Districts and schools: an invited person's e-mail is sealed with the district's or the school's key.
  DistrictAdminInvited: { subject: (data) => str(data.districtId), fields: ['email'] },
  StaffInvited: { subject: (data) => str(data.schoolId), fields: ['email'] },
  // Retention: why a record is on legal hold is written about the student.
  StudentLegalHoldPlaced: { subject: student, fields: ['reason'] },
  // Single sign-on: not personal data, but the key to the district's provider, sealed with the district's key.
  DistrictSsoConfigured: { subject: (data) => str(data.districtId), fields: ['clientSecret'] },
  // The implementation log: a teacher's note on a day is free text about the student.
  ImplementationLogged: { subject: student, fields: ['note'] },
};

/** What a personal field reads as once its subject's key is gone. */
export const ERASED = '[erased]';

/**
 * What a personal field holds in the stored log when the event's personal fields are sealed together
 * in another of its fields (see shredding-event-store.ts). Never seen by readers while the key exists.
 */
export const SEALED = '[sealed]';
