import { describe, it } from 'vitest';
import { DeciderSpecification } from '../testing/decider-specification.ts';
import { INVALID_CODE, TWO_FACTOR_ALREADY_ON, TWO_FACTOR_NOT_STARTED, TWO_FACTOR_OFF } from '../../schemas/two-factor.ts';
import { IllegalStateError, ValidationError } from '../errors.ts';
import type { TwoFactorEvent } from '../../events/two-factor-events.ts';
import { twoFactorDecider } from './decide-two-factor.ts';

const userId = 'u1';
const started = { type: 'TwoFactorSetupStarted', data: { userId, secret: 'SECRET' } } as const;
const enabled: TwoFactorEvent = { type: 'TwoFactorEnabled', data: { userId, step: 100, recoveryCodeHashes: ['h1', 'h2'] } };
const invalidCode = (error: ValidationError) => error.message === INVALID_CODE && error.errors?.code === INVALID_CODE;

describe('two-factor decider', () => {
  const spec = DeciderSpecification.for(twoFactorDecider);

  it('turns on only with a code from the secret just shown', () => {
    spec
      .given([started])
      .when({ type: 'EnableTwoFactor', userId, step: 100, recoveryCodeHashes: ['h1', 'h2'] })
      .then([enabled]);
    spec
      .given([started])
      .when({ type: 'EnableTwoFactor', userId, step: null, recoveryCodeHashes: ['h1'] })
      .thenThrows(ValidationError, invalidCode);
    spec
      .given([])
      .when({ type: 'EnableTwoFactor', userId, step: 100, recoveryCodeHashes: ['h1'] })
      .thenThrows(IllegalStateError, (error) => error.message === TWO_FACTOR_NOT_STARTED);
  });

  it('does not start over while on: switching off comes first', () => {
    spec
      .given([started, enabled])
      .when({ type: 'StartTwoFactorSetup', userId, secret: 'OTHER' })
      .thenThrows(IllegalStateError, (error) => error.message === TWO_FACTOR_ALREADY_ON);
  });

  it('accepts an app code once: not the enabling code again, not an older one, nor the same one twice', () => {
    spec
      .given([started, enabled])
      .when({ type: 'UseSecondFactor', userId, proof: { kind: 'app', step: 101 } })
      .then([{ type: 'TwoFactorCodeUsed', data: { userId, step: 101 } }]);
    for (const step of [100, 99, null]) {
      spec.given([started, enabled]).when({ type: 'UseSecondFactor', userId, proof: { kind: 'app', step } }).thenThrows(ValidationError, invalidCode);
    }
    spec
      .given([started, enabled, { type: 'TwoFactorCodeUsed', data: { userId, step: 101 } }])
      .when({ type: 'UseSecondFactor', userId, proof: { kind: 'app', step: 101 } })
      .thenThrows(ValidationError, invalidCode);
  });

  it('spends each recovery code once', () => {
    const used = { type: 'RecoveryCodeUsed', data: { userId, codeHash: 'h1' } } as const;
    spec.given([started, enabled]).when({ type: 'UseSecondFactor', userId, proof: { kind: 'recovery', codeHash: 'h1' } }).then([used]);
    spec
      .given([started, enabled, used])
      .when({ type: 'UseSecondFactor', userId, proof: { kind: 'recovery', codeHash: 'h1' } })
      .thenThrows(ValidationError, invalidCode);
    spec
      .given([started, enabled, used])
      .when({ type: 'UseSecondFactor', userId, proof: { kind: 'recovery', codeHash: 'h2' } })
      .then([{ type: 'RecoveryCodeUsed', data: { userId, codeHash: 'h2' } }]);
  });

  it('switches off with a good code only, and then asks for nothing', () => {
    spec
      .given([started, enabled])
      .when({ type: 'DisableTwoFactor', userId, proof: { kind: 'recovery', codeHash: 'h2' } })
      .then([{ type: 'TwoFactorDisabled', data: { userId } }]);
    spec
      .given([started, enabled])
      .when({ type: 'DisableTwoFactor', userId, proof: { kind: 'recovery', codeHash: 'nope' } })
      .thenThrows(ValidationError, invalidCode);
    spec
      .given([started, enabled, { type: 'TwoFactorDisabled', data: { userId } }])
      .when({ type: 'UseSecondFactor', userId, proof: { kind: 'app', step: 200 } })
      .thenThrows(IllegalStateError, (error) => error.message === TWO_FACTOR_OFF);
  });

  it('clears a set-up, on or half done, with its recovery codes, when someone else proves the address', () => {
    const cleared = [{ type: 'TwoFactorDisabled', data: { userId } }] as const;
    spec.given([started, enabled]).when({ type: 'ClearTwoFactor', userId }).then([...cleared]);
    spec.given([started]).when({ type: 'ClearTwoFactor', userId }).then([...cleared]);
    spec.given([]).when({ type: 'ClearTwoFactor', userId }).then([]);
    spec
      .given([started, enabled, ...cleared])
      .when({ type: 'UseSecondFactor', userId, proof: { kind: 'recovery', codeHash: 'h1' } })
      .thenThrows(IllegalStateError, (error) => error.message === TWO_FACTOR_OFF);
  });
});
