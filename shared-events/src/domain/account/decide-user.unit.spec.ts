import { describe, it } from 'vitest';
import { DeciderSpecification } from '../testing/decider-specification.ts';
import { IllegalStateError } from '../errors.ts';
import { EMAIL_TAKEN, emailClaimDecider, userDecider } from './decide-user.ts';

const registered = { type: 'UserRegistered', data: { userId: 'u1', name: 'Ana Diaz', email: 'ana@school.test' } } as const;

describe('user decider', () => {
  const spec = DeciderSpecification.for(userDecider);

  it('records only the profile fields that changed', () => {
    spec
      .given([registered])
      .when({ type: 'UpdateProfile', userId: 'u1', name: 'Ana Díaz', email: 'ana@school.test', emailNotifications: true })
      .then([{ type: 'UserProfileUpdated', data: { userId: 'u1', name: 'Ana Díaz' } }]);
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
