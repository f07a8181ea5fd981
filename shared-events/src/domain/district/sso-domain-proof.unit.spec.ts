import { describe, expect, it } from 'vitest';
import type { DistrictEvent } from '../../events/district-events.ts';
import { DeciderSpecification } from '../testing/decider-specification.ts';
import { IllegalStateError, NotFoundError } from '../errors.ts';
import { DOMAIN_TAKEN, RECORD_NOT_FOUND } from '../../schemas/district-sso.ts';
import { ssoDomainClaimDecider } from '../sso-domain/sso-domain-claim.ts';
import { districtDecider } from './decide-district.ts';
import { evolveDistrict, initialDistrictState } from './district.ts';
import { ssoCoversEmail } from './district-sso.ts';
import type { SsoDomainVouch } from './sso-domain-proof.ts';

const spec = DeciderSpecification.for(districtDecider);
const RECORD = 'accommodate-domain-verification=tok-lakeside';
const history: DistrictEvent[] = [
  { type: 'DistrictCreated', data: { districtId: 'd1', name: 'Lakeside USD', createdBy: 'dana' } },
  {
    type: 'DistrictSsoConfigured',
    data: { districtId: 'd1', issuer: 'https://idp.lakeside.test', clientId: 'c', clientSecret: 's', emailDomains: ['lakeside.test'], required: true, configuredBy: 'dana' },
  },
  { type: 'DistrictSsoDomainTokenIssued', data: { districtId: 'd1', domain: 'lakeside.test', token: 'tok-lakeside' } },
];
const verified = (method: 'dns' | 'operator' = 'dns'): DistrictEvent => ({
  type: 'DistrictSsoDomainVerified',
  data: { districtId: 'd1', domain: 'lakeside.test', method, verifiedBy: method === 'dns' ? 'dana' : 'ops' },
});
const suspended: DistrictEvent = { type: 'DistrictSsoDomainSuspended', data: { districtId: 'd1', domain: 'lakeside.test' } };
const byDns = (txtValues: string[], userId = 'dana'): SsoDomainVouch => ({ method: 'dns', userId, txtValues });
const verify = (vouch: SsoDomainVouch, overrides: { domain?: string; claimedByAnother?: boolean } = {}) => ({
  type: 'VerifySsoDomain' as const,
  districtId: 'd1',
  domain: 'lakeside.test',
  vouch,
  claimedByAnother: false,
  ...overrides,
});
const recheck = (txtValues: string[]) => ({ type: 'RecheckSsoDomain' as const, districtId: 'd1', domain: 'lakeside.test', txtValues });
const covers = (events: DistrictEvent[]) => {
  const state = events.reduce(evolveDistrict, initialDistrictState());
  return ssoCoversEmail(state.status === 'present' ? state.sso : undefined, 'ted@lakeside.test');
};

describe('proving a district owns an e-mail domain', () => {
  it('is done by a district admin whose check found the district’s own TXT record at the domain', () => {
    spec.given(history).when(verify(byDns(['v=spf1 -all', ` ${RECORD} `]))).then([verified()]);
    expect(covers([...history, verified()])).toBe(true);
  });

  it('fails without the record, showing what the domain has (another district’s code only as there)', () => {
    const found = (error: IllegalStateError) =>
      error.message === RECORD_NOT_FOUND &&
      JSON.stringify(error.details) === JSON.stringify({ found: ['v=spf1 -all', 'accommodate-domain-verification=… (not this district’s code)'] });
    spec.given(history).when(verify(byDns(['v=spf1 -all', 'accommodate-domain-verification=someone-elses']))).thenThrows(IllegalStateError, found);
    spec.given(history).when(verify(byDns([]))).thenThrows(IllegalStateError, (error) => error.message === RECORD_NOT_FOUND);
  });

  it('is refused when another district holds the domain, and for a domain the district does not list', () => {
    spec.given(history).when(verify(byDns([RECORD]), { claimedByAnother: true })).thenThrows(IllegalStateError, (error) => error.message === DOMAIN_TAKEN);
    spec.given(history).when(verify(byDns([RECORD]), { domain: 'north.test' })).thenThrows(NotFoundError);
  });

  it('is not found by anyone who does not administer the district, and the operator may vouch for any district', () => {
    spec.given(history).when(verify(byDns([RECORD], 'stranger'))).thenThrows(NotFoundError);
    spec.given(history).when(verify({ method: 'operator', operatorId: 'ops' })).then([verified('operator')]);
    spec.given([]).when(verify({ method: 'operator', operatorId: 'ops' })).thenThrows(NotFoundError);
  });

  it('records nothing when the domain is verified already, and proves a suspended domain again', () => {
    spec.given([...history, verified()]).when(verify(byDns([RECORD]))).then([]);
    spec.given([...history, verified(), suspended]).when(verify(byDns([RECORD]))).then([verified()]);
  });
});

describe('the daily check of a verified domain', () => {
  it('suspends it when the record is gone: it covers nothing until verified again', () => {
    spec.given([...history, verified()]).when(recheck(['v=spf1 -all'])).then([suspended]);
    expect(covers([...history, verified(), suspended])).toBe(false);
    expect(covers([...history, verified(), suspended, verified()])).toBe(true);
  });

  it('leaves a domain whose record is there, one the operator vouched for, and one not verified', () => {
    spec.given([...history, verified()]).when(recheck([RECORD])).then([]);
    spec.given([...history, verified('operator')]).when(recheck([])).then([]);
    spec.given(history).when(recheck([])).then([]);
    spec.given([...history, verified(), suspended]).when(recheck([])).then([]);
  });
});

describe('the claim of an e-mail domain', () => {
  const claims = DeciderSpecification.for(ssoDomainClaimDecider);
  const claim = (districtId: string, holderStillHoldsIt = true) => ({ type: 'ClaimSsoDomain' as const, domain: 'lakeside.test', districtId, holderStillHoldsIt });
  const claimed = (districtId: string) => ({ type: 'SsoDomainClaimed' as const, data: { domain: 'lakeside.test', districtId } });

  it('goes to the first district to prove the domain; another is refused while the holder keeps it', () => {
    claims.given([]).when(claim('d1')).then([claimed('d1')]);
    claims.given([claimed('d1')]).when(claim('d1')).then([]);
    claims.given([claimed('d1')]).when(claim('d2')).thenThrows(IllegalStateError, (error) => error.message === DOMAIN_TAKEN);
  });

  it('passes to another district once the holder no longer holds the domain (dropped, turned off, or suspended)', () =>
    claims.given([claimed('d1')]).when(claim('d2', false)).then([claimed('d2')]));
});
