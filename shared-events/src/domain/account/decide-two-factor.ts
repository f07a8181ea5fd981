import type { TwoFactorEvent } from '../../events/two-factor-events.ts';
import { INVALID_CODE, TWO_FACTOR_ALREADY_ON, TWO_FACTOR_NOT_STARTED, TWO_FACTOR_OFF } from '../../schemas/two-factor.ts';
import type { Decider } from '../decider.ts';
import { IllegalStateError, ValidationError } from '../errors.ts';
import { evolveTwoFactor, initialTwoFactorState, TWO_FACTOR_EVENT_TYPES, type TwoFactorState } from './two-factor.ts';

/**
 * What the person typed, as the adapter read it: the 30-second step whose app code matched (null when none did), or
 * the hash of a recovery code. Matching a code needs the secret and the clock, so the adapter does it on the state
 * it was handed; the rules of use (once only, in order) are decided here.
 */
export type SecondFactorProof = { kind: 'app'; step: number | null } | { kind: 'recovery'; codeHash: string };

export type TwoFactorCommand =
  | { type: 'StartTwoFactorSetup'; userId: string; secret: string }
  | { type: 'EnableTwoFactor'; userId: string; step: number | null; recoveryCodeHashes: readonly string[] }
  /** A sign-in's second step. */
  | { type: 'UseSecondFactor'; userId: string; proof: SecondFactorProof }
  | { type: 'DisableTwoFactor'; userId: string; proof: SecondFactorProof }
  /**
   * The account's address was proved by someone who may not be whoever set two-factor up before it was proved (a
   * reset link, the district's provider): the set-up, its secret and its recovery codes go, with no code asked.
   */
  | { type: 'ClearTwoFactor'; userId: string };

const invalidCode = () => ValidationError.onField('code', INVALID_CODE);

/** The event that spends the proof, or a refusal: an app code no newer than the last one used, or a spent recovery code. */
function spend(state: Extract<TwoFactorState, { status: 'on' }>, userId: string, proof: SecondFactorProof): TwoFactorEvent {
  if (proof.kind === 'app') {
    if (proof.step === null || proof.step <= state.lastStep) throw invalidCode();
    return { type: 'TwoFactorCodeUsed', data: { userId, step: proof.step } };
  }
  if (!state.unusedRecoveryCodeHashes.includes(proof.codeHash)) throw invalidCode();
  return { type: 'RecoveryCodeUsed', data: { userId, codeHash: proof.codeHash } };
}

export function decideTwoFactor(command: TwoFactorCommand, state: TwoFactorState): TwoFactorEvent[] {
  const { userId } = command;
  switch (command.type) {
    case 'StartTwoFactorSetup':
      if (state.status === 'on') throw new IllegalStateError(TWO_FACTOR_ALREADY_ON);
      return [{ type: 'TwoFactorSetupStarted', data: { userId, secret: command.secret } }];
    case 'EnableTwoFactor':
      if (state.status === 'on') throw new IllegalStateError(TWO_FACTOR_ALREADY_ON);
      if (state.status === 'off') throw new IllegalStateError(TWO_FACTOR_NOT_STARTED);
      if (command.step === null) throw invalidCode();
      return [{ type: 'TwoFactorEnabled', data: { userId, step: command.step, recoveryCodeHashes: [...command.recoveryCodeHashes] } }];
    case 'UseSecondFactor':
      if (state.status !== 'on') throw new IllegalStateError(TWO_FACTOR_OFF);
      return [spend(state, userId, command.proof)];
    case 'DisableTwoFactor':
      if (state.status !== 'on') throw new IllegalStateError(TWO_FACTOR_OFF);
      spend(state, userId, command.proof);
      return [{ type: 'TwoFactorDisabled', data: { userId } }];
    case 'ClearTwoFactor':
      return state.status === 'off' ? [] : [{ type: 'TwoFactorDisabled', data: { userId } }];
  }
}

export const twoFactorDecider: Decider<TwoFactorState, TwoFactorCommand, TwoFactorEvent> = {
  eventTypes: TWO_FACTOR_EVENT_TYPES,
  initialState: initialTwoFactorState,
  evolve: evolveTwoFactor,
  decide: decideTwoFactor,
};
