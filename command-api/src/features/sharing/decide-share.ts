import type { StudentEvent } from '@accommodate/shared-events/events/student-events';
import type { ShareRole } from '@accommodate/shared-events/schemas/share';
import type { Decider } from '../../framework/decider.ts';
import { forbidden, HttpError, notFound } from '../../http/errors.ts';
import { evolveSharing, initialSharingState, shareForEmail, type SharingState } from './share.ts';

export const ALREADY_OWNER = 'You already own this student';

export type ShareCommand =
  | {
      type: 'ShareStudent';
      studentId: string;
      /** Used only when the e-mail has no share yet. */
      newShareId: string;
      email: string;
      role: ShareRole;
      expiresAt: string | null;
      /** The account registered with the e-mail, if any. */
      granteeUserId: string | null;
      grantedBy: string;
    }
  | { type: 'ActivateShare'; studentId: string; shareId: string; granteeUserId: string }
  | { type: 'RevokeShare'; studentId: string; shareId: string };
// Expiry is appended by the workers' share-expiry job (workers/src/sharing/share-expiry.ts).

function assertStudent(state: SharingState): void {
  if (state.student !== 'present') throw notFound('Student');
}

export function decideShare(command: ShareCommand, state: SharingState): StudentEvent[] {
  assertStudent(state);
  const { studentId } = command;
  switch (command.type) {
    case 'ShareStudent': {
      if (command.grantedBy !== state.ownerId) throw forbidden('Only the student’s owner can share them');
      if (command.granteeUserId === state.ownerId) {
        throw new HttpError(400, ALREADY_OWNER, { errors: { email: ALREADY_OWNER } });
      }
      const existing = shareForEmail(state, command.email);
      const granteeUserId = command.granteeUserId ?? existing?.granteeUserId ?? null;
      const unchanged =
        existing !== null &&
        existing.status !== 'expired' &&
        existing.role === command.role &&
        existing.expiresAt === command.expiresAt &&
        existing.granteeUserId === granteeUserId;
      if (unchanged) return [];
      return [
        {
          type: 'StudentShared',
          data: {
            studentId,
            shareId: existing?.shareId ?? command.newShareId,
            role: command.role,
            expiresAt: command.expiresAt,
            grantedBy: command.grantedBy,
            granteeUserId,
            email: command.email,
          },
        },
      ];
    }
    case 'ActivateShare': {
      const share = state.shares[command.shareId];
      // Already active, revoked or expired: verifying changes nothing. Nor does the owner verifying the address.
      if (!share || share.status !== 'pending' || command.granteeUserId === state.ownerId) return [];
      return [{ type: 'ShareActivated', data: { studentId, shareId: share.shareId, granteeUserId: command.granteeUserId } }];
    }
    case 'RevokeShare':
      if (!state.shares[command.shareId]) throw notFound('Share');
      return [{ type: 'ShareRevoked', data: { studentId, shareId: command.shareId } }];
  }
}

export const sharingDecider: Decider<SharingState, ShareCommand, StudentEvent> = {
  initialState: initialSharingState,
  evolve: evolveSharing,
  decide: decideShare,
};
