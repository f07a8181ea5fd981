import type { ShareRole, StudentAccessRole } from '@accommodate/shared-events/schemas/share';

/**
 * The browser's side of the access roles: how each role reads and what it may do on a student's screens.
 * Shared code, because the students screens, the sharing dialogs and the 'Shared by' badge all need it;
 * the server decides access for real and answers 404 for what a role may not see.
 */
export type StudentAccess = StudentAccessRole;

export const ROLE_OPTIONS: { value: ShareRole; label: string; description: string }[] = [
  { value: 'co-teacher', label: 'Co-teacher', description: 'Can view and edit' },
  { value: 'substitute', label: 'Substitute', description: 'View only; no parent information, documents or notes' },
  { value: 'auditor', label: 'Auditor', description: 'View only, plus history' },
];

export const roleLabel = (role: ShareRole): string => ROLE_OPTIONS.find((option) => option.value === role)?.label ?? role;

/** What each kind of access may do on the student's screens (the contract's role table). */
export interface StudentPermissions {
  edit: boolean;
  delete: boolean;
  share: boolean;
  /** Parent/Guardian information, notes and documents. */
  seePrivate: boolean;
  /** Owners manage shares; co-teachers may read the list. */
  seeShares: boolean;
}

export function permissionsFor(access: StudentAccess | undefined): StudentPermissions {
  switch (access ?? 'owner') {
    case 'owner':
      return { edit: true, delete: true, share: true, seePrivate: true, seeShares: true };
    case 'co-teacher':
      return { edit: true, delete: false, share: false, seePrivate: true, seeShares: true };
    case 'auditor':
      return { edit: false, delete: false, share: false, seePrivate: true, seeShares: false };
    default:
      return { edit: false, delete: false, share: false, seePrivate: false, seeShares: false };
  }
}
