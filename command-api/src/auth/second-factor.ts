import { streamName } from '@accommodate/shared-events/events/stream-name';
import { twoFactorDecider, type SecondFactorProof, type TwoFactorCommand } from '@accommodate/shared-events/domain/account/decide-two-factor';
import type { TwoFactorState } from '@accommodate/shared-events/domain/account/two-factor';
import { isAppCode } from '@accommodate/shared-events/schemas/two-factor';
import type { AppContext } from '../framework/command-context.ts';
import { handleCommand, readState } from '../framework/handle-command.ts';
import { hashRecoveryCode } from './recovery-codes.ts';
import { matchingStep } from './totp.ts';

/** What a typed code proves against the secret: the step of a matching app code, or a recovery code's hash. */
export function proofOf(state: TwoFactorState, code: string, at: Date): SecondFactorProof {
  if (!isAppCode(code)) return { kind: 'recovery', codeHash: hashRecoveryCode(code) };
  return { kind: 'app', step: state.status === 'off' ? null : matchingStep(state.secret, code, at) };
}

export const twoFactorStateOf = (context: Pick<AppContext, 'eventStore'>, userId: string): Promise<TwoFactorState> =>
  readState(context, twoFactorDecider, streamName('user', userId));

/**
 * Spends a code on the account (a sign-in's second step, or switching two-factor off): decided on the stream as it is
 * when appended, so the same code sent twice at once works once (the loser is decided again and refused).
 * Throws the domain's ValidationError on a wrong or used code.
 */
export async function spendSecondFactor(
  context: AppContext,
  userId: string,
  code: string,
  type: Extract<TwoFactorCommand['type'], 'UseSecondFactor' | 'DisableTwoFactor'>,
): Promise<void> {
  await handleCommand(context, twoFactorDecider, streamName('user', userId), ({ state }) => ({ type, userId, proof: proofOf(state, code, context.now()) }), {
    actor: { userId },
  });
}
