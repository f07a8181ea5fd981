import { SCHOOL_ACCESS_ROLE_LABELS, SHARE_ROLE_LABELS, type ShareRole, type StudentAccessRole } from '@accommodate/shared-events/schemas/access-roles';
import { ROLE_RULES } from '@accommodate/shared-events/domain/access/role-rules';

/**
 * The browser's side of the access roles: how each role reads and what it may do on a student's screens.
 * Shared code, because the students screens, the plan page, the sharing dialogs and the 'Shared by' badge all
 * need it. The server decides access for real, with the domain's one role table (role-rules.ts), which the screens
 * read too, only to decide which controls exist: where a role cannot act, the control is absent.
 */
export type StudentAccess = StudentAccessRole;

export const ROLE_OPTIONS: { value: ShareRole; label: string; description: string }[] = [
  { value: 'co-teacher', label: SHARE_ROLE_LABELS['co-teacher'], description: 'Can view and edit' },
  { value: 'substitute', label: SHARE_ROLE_LABELS.substitute, description: 'View only; no parent information, documents or notes' },
  { value: 'auditor', label: SHARE_ROLE_LABELS.auditor, description: 'View only, plus history' },
];

/** The ways to reach a student someone else owns: a share, a class the student is in, or its school. */
const ACCESS_LABELS: Record<Exclude<StudentAccess, 'owner'>, string> = { ...SHARE_ROLE_LABELS, 'class-teacher': 'Class teacher', ...SCHOOL_ACCESS_ROLE_LABELS };

export const roleLabel = (role: Exclude<StudentAccess, 'owner'>): string => ACCESS_LABELS[role] ?? role;

/** Any role as the server names it ('owner', 'co-teacher'…), as a label: 'Owner', 'Co-teacher'. */
export const anyRoleLabel = (role: string): string => (role === 'owner' ? 'Owner' : (Object.entries(ACCESS_LABELS).find(([known]) => known === role)?.[1] ?? role));

/** 'a co-teacher', 'a substitute', 'an auditor', 'a class teacher'. */
export const roleWithArticle = (role: Exclude<StudentAccess, 'owner'>): string => {
  const label = roleLabel(role).toLowerCase();
  return `${/^[aeiou]/.test(label) ? 'an' : 'a'} ${label}`;
};

/** What a kind of access may do on the student's screens, by the controls and tabs it decides. */
export interface StudentPermissions {
  /** Edit Student, the accommodations' Edit buttons, notes, plans and document uploads. */
  edit: boolean;
  delete: boolean;
  share: boolean;
  /** Parent/Guardian information, notes and documents. */
  seePrivate: boolean;
  /** Owners manage shares; co-teachers may read the list. */
  seeShares: boolean;
  /** The History tab and plan versions. */
  seeHistory: boolean;
  /** The Access log tab and the records export. */
  seeAccessLog: boolean;
  /** Acknowledging a plan version: the student's teachers, not auditors. */
  acknowledgePlan: boolean;
  /** The implementation log's day view and its outcome buttons; an auditor only reads the log. */
  logImplementation: boolean;
  /** The 'Hearing packet' download beside the history. */
  exportHearingPacket: boolean;
  /** 'Assign case manager' and 'Move to school': the school's coordinators and admins, the district's admins. */
  manageSchool: boolean;
  /** The plan record's impairment, life activities and consent, to read and to edit. */
  seePlanRecord: boolean;
}

/**
 * A student without an access field is the caller’s own (a server from before sharing). An archived student (its
 * owner's Premium ended) is read-only for every role, as the server's rules say.
 */
export function permissionsFor(access: StudentAccess | undefined, archived = false): StudentPermissions {
  // A role this build does not know yet reads as the narrowest.
  const allowed = (ROLE_RULES[access ?? 'owner'] ?? ROLE_RULES.substitute).allows;
  const changes = !archived;
  return {
    edit: changes && allowed.has('edit'),
    delete: changes && allowed.has('delete'),
    share: changes && allowed.has('manage-shares'),
    seePrivate: allowed.has('see-private'),
    seeShares: allowed.has('list-shares'),
    seeHistory: allowed.has('see-history'),
    seeAccessLog: allowed.has('see-access-log'),
    acknowledgePlan: allowed.has('acknowledge-plan'),
    logImplementation: changes && allowed.has('log-implementation'),
    exportHearingPacket: allowed.has('export-hearing-packet'),
    manageSchool: changes && allowed.has('manage-school'),
    seePlanRecord: allowed.has('see-plan-record'),
  };
}
