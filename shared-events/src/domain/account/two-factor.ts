import { TWO_FACTOR_EVENTS, type TwoFactorEvent } from '../../events/two-factor-events.ts';
import { typesOf } from '../event-types.ts';

/** Two-factor sign-in, folded from the account stream `user-<id>` (its other events are the profile's). */
export const TWO_FACTOR_EVENT_TYPES = typesOf(TWO_FACTOR_EVENTS);

export type TwoFactorState =
  | { status: 'off' }
  /** A secret was shown; no code from it has been entered yet, so sign-in does not ask for one. */
  | { status: 'pending'; secret: string }
  | {
      status: 'on';
      secret: string;
      /** The 30-second step of the last code accepted: a code of that step or before is refused (no replay). */
      lastStep: number;
      unusedRecoveryCodeHashes: readonly string[];
    };

export const initialTwoFactorState = (): TwoFactorState => ({ status: 'off' });

export function evolveTwoFactor(state: TwoFactorState, event: TwoFactorEvent): TwoFactorState {
  switch (event.type) {
    case 'TwoFactorSetupStarted':
      return { status: 'pending', secret: event.data.secret };
    case 'TwoFactorEnabled':
      if (state.status !== 'pending') return state;
      return { status: 'on', secret: state.secret, lastStep: event.data.step, unusedRecoveryCodeHashes: event.data.recoveryCodeHashes };
    case 'TwoFactorCodeUsed':
      return state.status === 'on' ? { ...state, lastStep: Math.max(state.lastStep, event.data.step) } : state;
    case 'RecoveryCodeUsed':
      if (state.status !== 'on') return state;
      return { ...state, unusedRecoveryCodeHashes: state.unusedRecoveryCodeHashes.filter((hash) => hash !== event.data.codeHash) };
    case 'TwoFactorDisabled':
      return { status: 'off' };
  }
}
