import { describe, it } from 'vitest';
import { DeciderSpecification } from '../testing/decider-specification.ts';
import { INVALID_LINK } from '../../schemas/account.ts';
import { IllegalStateError, ValidationError } from '../errors.ts';
import { EMAIL_TAKEN, emailClaimDecider, NOT_PREMIUM, userDecider } from './decide-user.ts';

const registered = { type: 'UserRegistered', data: { userId: 'u1', name: 'Ana Diaz', email: 'ana@school.test' } } as const;

describe('user decider', () => {
  const spec = DeciderSpecification.for(userDecider);

  it('records only the profile fields that changed', () => {
    spec
      .given([registered])
      .when({ type: 'UpdateProfile', userId: 'u1', name: 'Ana Díaz', email: 'ana@school.test', emailNotifications: true })
      .then([{ type: 'UserProfileUpdated', data: { userId: 'u1', name: 'Ana Díaz' } }]);
  });

  it('verifies the address the account has now, once', () => {
    const verified = { type: 'UserEmailVerified', data: { userId: 'u1', email: 'ana@school.test' } } as const;
    spec.given([registered]).when({ type: 'VerifyEmail', userId: 'u1', email: 'ana@school.test' }).then([verified]);
    spec.given([registered, verified]).when({ type: 'VerifyEmail', userId: 'u1', email: 'ana@school.test' }).then([]);
  });

  it('refuses a link for an address the account has left, and a new address starts unverified', () => {
    const moved = { type: 'UserProfileUpdated', data: { userId: 'u1', email: 'ana@elsewhere.test' } } as const;
    spec
      .given([registered, moved])
      .when({ type: 'VerifyEmail', userId: 'u1', email: 'ana@school.test' })
      .thenThrows(ValidationError, (error) => error.message === INVALID_LINK);
    spec
      .given([registered, { type: 'UserEmailVerified', data: { userId: 'u1', email: 'ana@school.test' } }, moved])
      .when({ type: 'VerifyEmail', userId: 'u1', email: 'ana@elsewhere.test' })
      .then([{ type: 'UserEmailVerified', data: { userId: 'u1', email: 'ana@elsewhere.test' } }]);
  });

  it('keeps an address another account holds as pending, and drops it at the next change of address', () => {
    const held = { type: 'UserProfileUpdated', data: { userId: 'u1', pendingEmail: 'held@school.test' } } as const;
    spec
      .given([registered])
      .when({ type: 'UpdateProfile', userId: 'u1', name: 'Ana Diaz', email: 'ana@school.test', pendingEmail: 'held@school.test' })
      .then([held]);
    spec
      .given([registered, held])
      .when({ type: 'UpdateProfile', userId: 'u1', name: 'Ana Diaz', email: 'ana@school.test', pendingEmail: 'held@school.test' })
      .then([]);
    spec
      .given([registered, held])
      .when({ type: 'UpdateProfile', userId: 'u1', name: 'Ana Diaz', email: 'ana@free.test' })
      .then([{ type: 'UserProfileUpdated', data: { userId: 'u1', email: 'ana@free.test', pendingEmail: null } }]);
  });

  it('upgrades once', () => {
    spec.given([registered]).when({ type: 'UpgradeToPremium', userId: 'u1' }).then([
      { type: 'UserUpgradedToPremium', data: { userId: 'u1' } },
    ]);
    spec
      .given([registered, { type: 'UserUpgradedToPremium', data: { userId: 'u1' } }])
      .when({ type: 'UpgradeToPremium', userId: 'u1' })
      .then([]);
  });
});

describe('cancelling Premium (issue 26)', () => {
  const spec = DeciderSpecification.for(userDecider);
  const upgraded = { type: 'UserUpgradedToPremium', data: { userId: 'u1' } } as const;
  const cancelled = { type: 'UserPremiumCancelled', data: { userId: 'u1' } } as const;

  it('makes a Premium account Free, and it can upgrade again', () => {
    spec.given([registered, upgraded]).when({ type: 'CancelPremium', userId: 'u1' }).then([cancelled]);
    spec.given([registered, upgraded, cancelled]).when({ type: 'UpgradeToPremium', userId: 'u1' }).then([upgraded]);
  });

  it('refuses a Free account', () => {
    spec.given([registered]).when({ type: 'CancelPremium', userId: 'u1' }).thenThrows(IllegalStateError, (error) => error.message === NOT_PREMIUM);
    spec.given([registered, upgraded, cancelled]).when({ type: 'CancelPremium', userId: 'u1' }).thenThrows(IllegalStateError);
  });
});

describe('e-mail claim decider', () => {
  const spec = DeciderSpecification.for(emailClaimDecider);

  it('refuses an address another account holds', () => {
    spec
      .given([{ type: 'EmailClaimed', data: { userId: 'u1' } }])
      .when({ type: 'ClaimEmail', userId: 'u2' })
      .thenThrows(IllegalStateError, (error) => error.message === EMAIL_TAKEN);
  });

  it('frees an address when its holder moves away from it', () => {
    spec
      .given([{ type: 'EmailClaimed', data: { userId: 'u1' } }, { type: 'EmailReleased', data: { userId: 'u1' } }])
      .when({ type: 'ClaimEmail', userId: 'u2' })
      .then([{ type: 'EmailClaimed', data: { userId: 'u2' } }]);
  });
});
