import { ApiRequestError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { roleLabel } from '../../../lib/student-access.ts';
import type { Share } from '../share-model.ts';

/** "Shared with X as Substitute", or that the invitation waits for them to register. */
export function toastShared(share: Pick<Share, 'email' | 'role' | 'status' | 'grantee'>, count = 1): void {
  const who = share.grantee?.name ?? share.email;
  const what = count === 1 ? 'Student shared' : `${count} students shared`;
  toast({
    title: what,
    description:
      share.status === 'pending'
        ? `${share.email} has no account yet; access starts as ${roleLabel(share.role)} when they register.`
        : `Shared with ${who} as ${roleLabel(share.role)}.`,
  });
}

export function toastShareFailed(error: Error, fallback: string): void {
  const message = error instanceof ApiRequestError ? error.serverMessage : null;
  toast({ title: 'Error', description: message ?? fallback, variant: 'destructive' });
}
