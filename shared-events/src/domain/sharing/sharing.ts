import type { StudentEvent } from '../../events/student-events.ts';
import type { ShareRole } from '../../schemas/share.ts';

export interface ShareState {
  shareId: string;
  email: string;
  role: ShareRole;
  expiresAt: string | null;
  granteeUserId: string | null;
  grantedBy: string;
  status: 'active' | 'pending' | 'expired';
}

/** The student stream seen from sharing: whose student it is and its live (not revoked) shares. */
export interface SharingState {
  student: 'absent' | 'present' | 'deleted';
  ownerId: string | null;
  shares: Record<string, ShareState>;
}

export const initialSharingState = (): SharingState => ({ student: 'absent', ownerId: null, shares: {} });

export function evolveSharing(state: SharingState, event: StudentEvent): SharingState {
  switch (event.type) {
    case 'StudentAdded':
      return { student: 'present', ownerId: event.data.ownerId, shares: {} };
    case 'StudentDeleted':
      return { ...state, student: 'deleted', shares: {} };
    case 'StudentShared': {
      const { shareId, email, role, expiresAt, granteeUserId, grantedBy } = event.data;
      const status = granteeUserId === null ? 'pending' : 'active';
      return { ...state, shares: { ...state.shares, [shareId]: { shareId, email, role, expiresAt, granteeUserId, grantedBy, status } } };
    }
    case 'ShareActivated': {
      const share = state.shares[event.data.shareId];
      if (!share) return state;
      return { ...state, shares: { ...state.shares, [share.shareId]: { ...share, status: 'active', granteeUserId: event.data.granteeUserId } } };
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
    default:
      return state;
  }
}

/** A student is shared once per e-mail: a second grant to the same address updates the first. */
export const shareForEmail = (state: SharingState, email: string): ShareState | null =>
  Object.values(state.shares).find((share) => share.email === email) ?? null;
