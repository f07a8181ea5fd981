import type { StudentEvent } from '../../events/student-events.ts';
import type { ShareRole } from '../../schemas/share.ts';
import type { Decider } from '../decider.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors.ts';
import { STUDENT_EVENT_TYPES } from '../student/student.ts';
import { evolveSharing, initialSharingState, ownerOf, shareForEmail, successorOf, type SharingState } from './sharing.ts';

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
  | { type: 'RevokeShare'; studentId: string; shareId: string }
  /**
   * The workers' share-expiry job, once the share's expiry date has passed (it checks the clock, and comes back later
   * if early): the share granted with that date ends. Access already ended by the clock, as every request checks the
   * date; the event shows it as expired and drops the grantee's sockets from the student's room.
   */
  | { type: 'ExpireShare'; studentId: string; shareId: string; expiresAt: string }
  /**
   * The owner deletes their account: the student passes to its longest-standing co-teacher, or, with none, is deleted
   * (and then erased) with the account, so that no student is left that nobody can manage.
   */
  | {
      type: 'HandOverForAccountDeletion';
      studentId: string;
      ownerId: string;
      /** ISO instant: shares past their expiry date by then do not count. */
      now: string;
      /** Grantees whose accounts are already gone. */
      departedUserIds: string[];
    };

function assertStudent(state: SharingState): void {
  if (state.student.status !== 'present') throw new NotFoundError('Student');
}

export function decideShare(command: ShareCommand, state: SharingState): StudentEvent[] {
  assertStudent(state);
  const { studentId } = command;
  switch (command.type) {
    case 'ShareStudent': {
      // Who may share is the access rules' decision (role-rules.ts 'manage-shares': the owner, and the school's overseers).
      if (command.granteeUserId === ownerOf(state)) throw ValidationError.onField('email', ALREADY_OWNER);
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
      if (!share || share.status !== 'pending' || command.granteeUserId === ownerOf(state)) return [];
      return [{ type: 'ShareActivated', data: { studentId, shareId: share.shareId, granteeUserId: command.granteeUserId } }];
    }
    case 'ExpireShare': {
      const share = state.shares[command.shareId];
      // Revoked, ended by a transfer, expired already, or granted again with another date (whose own job ends it): nothing.
      if (share?.status === 'expired' || share?.expiresAt !== command.expiresAt) return [];
      return [{ type: 'ShareExpired', data: { studentId, shareId: share.shareId } }];
    }
    case 'RevokeShare':
      if (!state.shares[command.shareId]) throw new NotFoundError('Share');
      return [{ type: 'ShareRevoked', data: { studentId, shareId: command.shareId } }];
    case 'HandOverForAccountDeletion': {
      if (command.ownerId !== ownerOf(state)) throw new ForbiddenError('Only the student’s owner can hand them over');
      const successor = successorOf(state, new Date(command.now), command.departedUserIds);
      if (successor?.granteeUserId == null) return [{ type: 'StudentDeleted', data: { studentId } }];
      return [
        {
          type: 'StudentOwnershipTransferred',
          data: { studentId, shareId: successor.shareId, fromUserId: command.ownerId, toUserId: successor.granteeUserId },
        },
      ];
    }
  }
}

/** Shares live in the student's stream, so a grant and an edit are ordered against each other. */
export const sharingDecider: Decider<SharingState, ShareCommand, StudentEvent> = {
  eventTypes: STUDENT_EVENT_TYPES,
  initialState: initialSharingState,
  evolve: evolveSharing,
  decide: decideShare,
};
