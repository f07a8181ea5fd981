import { ApiRequestError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { roleLabel } from '../../../lib/student-access.ts';
import type { Share } from '../share-model.ts';

/** "Shared with X as Substitute", or, until the person has opened the student, that they are invited. */
export function toastShared(share: Pick<Share, 'email' | 'role' | 'status' | 'grantee'>, count = 1): void {
  const who = share.grantee?.name ?? share.email;
  const what = count === 1 ? 'Student shared' : `${count} students shared`;
  toast({
    title: what,
    description:
      share.status === 'pending'
        ? `${share.email} is invited as ${roleLabel(share.role)}. The share shows as Active once they have opened the student.`
        : `Shared with ${who} as ${roleLabel(share.role)}.`,
  });
}

export function toastShareFailed(error: Error, fallback: string): void {
  const message = error instanceof ApiRequestError ? error.serverMessage : null;
  toast({ title: 'Error', description: message ?? fallback, variant: 'destructive' });
}
