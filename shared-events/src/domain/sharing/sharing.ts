import type { StudentEvent } from '../../events/student-events.ts';
import { isShareExpired, type ShareRole } from '../../schemas/share.ts';
import { evolveStudent, initialStudentState, type StudentState } from '../student/student.ts';

export interface ShareState {
  shareId: string;
  email: string;
  role: ShareRole;
  expiresAt: string | null;
  granteeUserId: string | null;
  grantedBy: string;
  status: 'active' | 'pending' | 'expired';
  /** The share's place in the order in which the student's shares became active; null while pending. */
  activation: number | null;
}

/** The student stream seen from sharing: the student as its one fold has it, and its live (not revoked) shares. */
export interface SharingState {
  /** Whose student it is comes from here: a second copy of the owner would miss the next event that changes it. */
  student: StudentState;
  shares: Record<string, ShareState>;
  /** How many times a share of this student became active: the next activation's number. */
  activations: number;
}

export const initialSharingState = (): SharingState => ({ student: initialStudentState(), shares: {}, activations: 0 });

/** The student's owner, or null while there is no student. */
export const ownerOf = (state: SharingState): string | null => (state.student.status === 'present' ? state.student.ownerId : null);

export function evolveSharing(before: SharingState, event: StudentEvent): SharingState {
  const state = { ...before, student: evolveStudent(before.student, event) };
  switch (event.type) {
    case 'StudentAdded':
      return { ...state, shares: {}, activations: 0 };
    case 'StudentDeleted':
      return { ...state, shares: {} };
    case 'StudentShared': {
      const { shareId, email, role, expiresAt, granteeUserId, grantedBy } = event.data;
      const status = granteeUserId === null ? 'pending' : 'active';
      const before = state.shares[shareId];
      // A re-grant that changes the role or expiry of an active share keeps its place; anything else starts anew.
      const stillActive = before?.status === 'active' && before.granteeUserId === granteeUserId;
      const activation = status === 'pending' ? null : stillActive ? before.activation : state.activations + 1;
      const activations = activation === null ? state.activations : Math.max(state.activations, activation);
      return { ...state, activations, shares: { ...state.shares, [shareId]: { shareId, email, role, expiresAt, granteeUserId, grantedBy, status, activation } } };
    }
    case 'ShareActivated': {
      const share = state.shares[event.data.shareId];
      if (!share) return state;
      const activation = state.activations + 1;
      return {
        ...state,
        activations: activation,
        shares: { ...state.shares, [share.shareId]: { ...share, status: 'active', granteeUserId: event.data.granteeUserId, activation } },
      };
    }
    case 'ShareExpired': {
      const share = state.shares[event.data.shareId];
      if (!share) return state;
      return { ...state, shares: { ...state.shares, [share.shareId]: { ...share, status: 'expired' } } };
    }
    case 'ShareRevoked': {
      const { [event.data.shareId]: _revoked, ...shares } = state.shares;
      return { ...state, shares };
    }
    case 'StudentOwnershipTransferred': {
      // The new owner's co-teacher share ends: they reach the student as its owner now.
      const { [event.data.shareId]: _ended, ...shares } = state.shares;
      return { ...state, shares };
    }
    default:
      return state;
  }
}

/** A student is shared once per e-mail: a second grant to the same address updates the first. */
export const shareForEmail = (state: SharingState, email: string): ShareState | null =>
  Object.values(state.shares).find((share) => share.email === email) ?? null;

/**
 * Who takes a student over when its owner's account goes: the co-teacher whose share became active first and is
 * still active at `now` (not expired by its date), whose account still exists. Null when there is none.
 */
export function successorOf(state: SharingState, now: Date, departedUserIds: readonly string[]): ShareState | null {
  const candidates = Object.values(state.shares).filter(
    (share) =>
      share.role === 'co-teacher' &&
      share.status === 'active' &&
      share.granteeUserId !== null &&
      share.granteeUserId !== ownerOf(state) &&
      !departedUserIds.includes(share.granteeUserId) &&
      !isShareExpired(share.expiresAt, now),
  );
  return candidates.sort((a, b) => (a.activation ?? Infinity) - (b.activation ?? Infinity))[0] ?? null;
}
