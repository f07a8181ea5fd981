import type { PlanRecord } from '@accommodate/shared-events/schemas/plan-record';
import type { StudentDocument } from '@accommodate/shared-events/schemas/document';
import type { Plan } from '@accommodate/shared-events/schemas/plan';
import type { Student, StudentAccommodation } from '@accommodate/shared-events/schemas/student';
import type { ShareRole } from '@accommodate/shared-events/schemas/share';
import { roleAllows, type StudentRoleEntry } from '@accommodate/shared-events/domain/access/role-rules';
import type { StudentAccessList } from '@accommodate/shared-events/domain/access/student-access';
import type { PresentClass } from '@accommodate/shared-events/domain/class/class';
import type { ClassDetails } from '@accommodate/shared-events/schemas/class';

// The caseload read model's documents: written by definitions/caseload-*.ts, read through caseload-queries.ts.

/** Logical collection names. */
export const STUDENTS = 'students';
export const PLANS = 'plans';
export const DOCUMENTS = 'documents';
/** Shares of students: GET /api/students/:id/shares and the pending lookup when an address is verified. */
export const SHARES = 'shares';
/** Classes: kept by the caseload, since enrolment decides who sees its students. */
export const CLASSES = 'classes';
/** The caseload's own copy of the library, since a projection reads only its own collections. */
export const CASELOAD_ACCOMMODATIONS = 'caseload-accommodations';

export type { StudentRoleEntry };

/**
 * Who may see and who may change a record: the owner and the grantees of active shares.
 * A projection has no clock, so an expiry date is kept in `roles` and judged by the access rules at read time.
 */
export interface Audience {
  viewerIds: string[];
  editorIds: string[];
}

export type StudentDoc = Omit<Student, 'access' | 'sharedBy'> &
  Audience & {
    accommodations: StudentAccommodation[];
    roles: Record<string, StudentRoleEntry>;
    /** The school year the last year-end rollover moved it into; absent before any. */
    rolledOverTo?: string | null;
  };
export type PlanDoc = Plan & {
  viewerIds: string[];
  /** Absent on a draft: the latest version's effective date, the acknowledgements recorded (`${version}:${userId}`),
   * when the latest version was made, and who of those asked has not acknowledged it yet. */
  effectiveDate?: string | null;
  acknowledged?: readonly string[];
  versionSince?: string;
  awaitingAcknowledgement?: string[];
  /** The plan record, whole; absent until recorded. Never answered as is: see plan-access.ts. */
  record?: PlanRecord;
};
/** Documents are private: substitutes are not among their viewers. */
export type DocumentDoc = StudentDocument & { viewerIds: string[]; sha256: string; revision: number };

export interface ShareDoc {
  id: string;
  studentId: string;
  email: string;
  role: ShareRole;
  status: 'active' | 'pending' | 'expired';
  expiresAt: string | null;
  granteeUserId: string | null;
  grantedById: string;
  createdAt: string;
  updatedAt: string;
  /** The student stream's revision that last touched the share. */
  revision: number;
}

/** A class as the domain folds it, with what its queries filter on. */
export type ClassDoc = Omit<PresentClass, 'details'> &
  ClassDetails & {
    id: string;
    /** Its owner and the co-teachers who proved their address: who reads it, and whose list it is in. */
    teacherIds: string[];
    /** The addresses of invitations still pending, for the activation when one is verified. */
    pendingEmails: string[];
    createdAt: string;
    updatedAt: string;
    /** The class stream's revision it was folded to. */
    revision: number;
  };

export interface CaseloadAccommodationDoc {
  id: string;
  name: string;
  category: string | null;
  description: string | null;
}

/** The viewers whose role shows them the private parts (parent information, notes, documents). */
export const privateViewerIds = (student: StudentAccessList): string[] =>
  student.viewerIds.filter((userId) => {
    const entry = student.roles[userId];
    return entry !== undefined && roleAllows(entry.role, 'see-private');
  });
