import dayjs from 'dayjs';
import {
  shareFormSchema as apiShareFormSchema,
  type ShareInput,
  type ShareRole,
  type ShareStatus,
  type StudentAccessRole,
} from '@accommodate/shared-events/schemas/share';
import type { z } from 'zod';

export type { PersonRef, Share, ShareInput, ShareRole, ShareStatus } from '@accommodate/shared-events/schemas/share';
export type StudentAccess = StudentAccessRole;
export const ROLE_OPTIONS: { value: ShareRole; label: string; description: string }[] = [
  { value: 'co-teacher', label: 'Co-teacher', description: 'Can view and edit' },
  { value: 'substitute', label: 'Substitute', description: 'View only; no parent information, documents or notes' },
  { value: 'auditor', label: 'Auditor', description: 'View only, plus history' },
];

export const roleLabel = (role: ShareRole): string => ROLE_OPTIONS.find((option) => option.value === role)?.label ?? role;

export const SHARE_STATUS_LABELS: Record<ShareStatus, { label: string; color: string }> = {
  active: { label: 'Active', color: 'green' },
  pending: { label: 'Pending', color: 'gold' },
  expired: { label: 'Expired', color: 'default' },
};

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

/** Today in the teacher's own time zone, as 'YYYY-MM-DD'. */
export const localToday = (): string => dayjs().format('YYYY-MM-DD');

/**
 * The share form: the API's own schema, plus what only the browser knows (today's date),
 * and no expiry for roles that last until revoked.
 */
export const shareFormSchema = apiShareFormSchema
  .refine((form) => form.role !== 'substitute' || !form.expiresAt || form.expiresAt >= localToday(), {
    path: ['expiresAt'],
    message: 'Choose today or a later date',
  })
  .transform((form): ShareInput => ({ ...form, expiresAt: form.role === 'substitute' ? (form.expiresAt ?? null) : null }));
export type ShareFormValues = z.input<typeof shareFormSchema>;
