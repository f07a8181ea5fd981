import dayjs from 'dayjs';
import { shareFormSchema as apiShareFormSchema, type ShareInput, type ShareStatus } from '@accommodate/shared-events/schemas/share';
import type { z } from 'zod';

export type { PersonRef, Share, ShareInput, ShareRole, ShareStatus } from '@accommodate/shared-events/schemas/share';
export { SHARE_NOT_OPENED } from '@accommodate/shared-events/schemas/share';

export const SHARE_STATUS_LABELS: Record<ShareStatus, { label: string; color: string }> = {
  active: { label: 'Active', color: 'green' },
  pending: { label: 'Pending', color: 'gold' },
  expired: { label: 'Expired', color: 'default' },
};

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
