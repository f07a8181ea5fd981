import { z } from 'zod';
import { studentDetailsSchema } from '../schemas/student.ts';
import { defineEvent, type EventOf } from './define-event.ts';

export const StudentAdded = defineEvent(
  'StudentAdded',
  1,
  // schoolId: the school the student was written into; absent or null for an independent teacher's student.
  // ownerId null: the student belongs to its school (an import from the SIS wrote it), not to a person.
  z.object({ studentId: z.string(), ownerId: z.string().nullable(), ...studentDetailsSchema.shape, schoolId: z.string().nullable().optional() }),
);
/** Only the fields that changed, so that concurrent edits of different fields merge. */
export const StudentDetailsUpdated = defineEvent(
  'StudentDetailsUpdated',
  1,
  z.object({ studentId: z.string(), changes: studentDetailsSchema.partial() }),
);
/** Assignments change as sets: what was added and what was removed. */
export const StudentAccommodationsChanged = defineEvent(
  'StudentAccommodationsChanged',
  1,
  z.object({ studentId: z.string(), added: z.array(z.string()), removed: z.array(z.string()) }),
);
export const StudentDeleted = defineEvent('StudentDeleted', 1, z.object({ studentId: z.string() }));
/**
 * The owner's Premium ended and the student is beyond the free plan's limit. It is kept, read-only for
 * everyone, until the owner upgrades again (StudentRestored). No personal data.
 */
export const StudentArchived = defineEvent('StudentArchived', 1, z.object({ studentId: z.string() }));
export const StudentRestored = defineEvent('StudentRestored', 1, z.object({ studentId: z.string() }));

/**
 * The student joined a school (from none) or moved to another school of the same district, keeping its whole
 * history. Who reaches it through the school changes with it; its owner, shares and classes stay. No personal data.
 */
export const StudentSchoolChanged = defineEvent(
  'StudentSchoolChanged',
  1,
  z.object({ studentId: z.string(), fromSchoolId: z.string().nullable(), toSchoolId: z.string(), changedBy: z.string() }),
);
/** A staff member of the student's school made responsible for its plan, or none (null). */
export const StudentCaseManagerAssigned = defineEvent(
  'StudentCaseManagerAssigned',
  1,
  z.object({ studentId: z.string(), caseManagerId: z.string().nullable(), assignedBy: z.string() }),
);
/**
 * The school student's owner left its school's staff, or deleted their account, and the student passed to
 * its case manager, else a coordinator or administrator of the school, else a district admin: a school's record is
 * never orphaned nor erased with a person. No personal data.
 */
export const StudentHandedOver = defineEvent(
  'StudentHandedOver',
  1,
  z.object({ studentId: z.string(), fromUserId: z.string(), toUserId: z.string(), reason: z.enum(['left-school', 'account-deleted']) }),
);
/** The year-end rollover: the student moved up a grade for the school year. No personal data. */
export const StudentPromoted = defineEvent(
  'StudentPromoted',
  1,
  z.object({ studentId: z.string(), fromGrade: z.string(), toGrade: z.string(), schoolYear: z.string() }),
);
/** The year-end rollover: the grade 12 student graduated: inactive, and kept (retention decides for how long). */
export const StudentGraduated = defineEvent('StudentGraduated', 1, z.object({ studentId: z.string(), schoolYear: z.string() }));
/**
 * The year-end rollover: the student finished the school's highest grade below 12 (a middle school's grade 8) and
 * moves up to another school, leaving this one: inactive here and kept, with the grade they finished. The next
 * school's roster brings them back as its own. No personal data.
 */
export const StudentMovedUp = defineEvent('StudentMovedUp', 1, z.object({ studentId: z.string(), fromGrade: z.string(), schoolYear: z.string() }));
/**
 * Retention: a district admin put the record on legal hold (a pending hearing, a records request): it is
 * never erased while held. The reason is written about the student (a personal field).
 */
export const StudentLegalHoldPlaced = defineEvent('StudentLegalHoldPlaced', 1, z.object({ studentId: z.string(), reason: z.string(), placedBy: z.string() }));
export const StudentLegalHoldLifted = defineEvent('StudentLegalHoldLifted', 1, z.object({ studentId: z.string(), liftedBy: z.string() }));

// Sharing. Shares live in the student's stream, so a grant and an edit are ordered
// against each other and the owner check is made on the state the append expects.
const shareRole = z.enum(['co-teacher', 'substitute', 'auditor']);

/** A grant, or a re-grant to the same e-mail (same shareId) that changes its role or expiry. */
export const StudentShared = defineEvent(
  'StudentShared',
  1,
  z.object({
    studentId: z.string(),
    shareId: z.string(),
    role: shareRole,
    /** Last day of access (YYYY-MM-DD), or null. */
    expiresAt: z.string().nullable(),
    grantedBy: z.string(),
    /** Null while no account has the e-mail: the share is pending. */
    granteeUserId: z.string().nullable(),
    /** The grantee's e-mail, lower-cased: how a pending share finds its person. */
    email: z.string(),
  }),
);
/** The pending share's person registered. */
export const ShareActivated = defineEvent(
  'ShareActivated',
  1,
  z.object({ studentId: z.string(), shareId: z.string(), granteeUserId: z.string() }),
);
export const ShareRevoked = defineEvent('ShareRevoked', 1, z.object({ studentId: z.string(), shareId: z.string() }));
/** Appended by the expiry job; access already ended by the clock, this makes it visible and closes sockets. */
export const ShareExpired = defineEvent('ShareExpired', 1, z.object({ studentId: z.string(), shareId: z.string() }));

/**
 * The owner's account is being deleted and the longest-standing co-teacher (the earliest share activation still
 * active) takes the student over; their co-teacher share ends, being the owner now. Shares the previous owner granted
 * stay as they are, for the new owner to keep or revoke. No personal data.
 */
export const StudentOwnershipTransferred = defineEvent(
  'StudentOwnershipTransferred',
  1,
  z.object({ studentId: z.string(), shareId: z.string(), fromUserId: z.string(), toUserId: z.string() }),
);

export const STUDENT_EVENTS = [
  StudentArchived,
  StudentRestored,
  StudentAdded,
  StudentDetailsUpdated,
  StudentAccommodationsChanged,
  StudentDeleted,
  StudentShared,
  ShareActivated,
  ShareRevoked,
  ShareExpired,
  StudentOwnershipTransferred,
  StudentSchoolChanged,
  StudentCaseManagerAssigned,
  StudentHandedOver,
  StudentPromoted,
  StudentGraduated,
  StudentMovedUp,
  StudentLegalHoldPlaced,
  StudentLegalHoldLifted,
] as const;
export type StudentEvent = EventOf<(typeof STUDENT_EVENTS)[number]>;
