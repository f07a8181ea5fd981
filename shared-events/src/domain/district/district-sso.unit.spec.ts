import { describe, expect, it } from 'vitest';
import type { DistrictEvent } from '../../events/district-events.ts';
import { DeciderSpecification } from '../testing/decider-specification.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import { districtDecider } from './decide-district.ts';
import { evolveDistrict, initialDistrictState } from './district.ts';
import { ssoCoversEmail } from './district-sso.ts';
import { districtSsoFormSchema, issuerAllowed } from '../../schemas/district-sso.ts';

const spec = DeciderSpecification.for(districtDecider);
const created: DistrictEvent = { type: 'DistrictCreated', data: { districtId: 'd1', name: 'Lakeside USD', createdBy: 'dana' } };
const google = { issuer: 'https://accounts.google.com', clientId: 'lakeside-app', emailDomains: ['lakeside.test'], required: false };
const configure = (overrides: { userId?: string; clientSecret?: string; emailDomains?: string[]; required?: boolean; domainsOfOtherDistricts?: string[] } = {}) => ({
  type: 'ConfigureDistrictSso' as const,
  districtId: 'd1',
  userId: 'dana',
  ...google,
  clientSecret: 's3cret',
  domainsOfOtherDistricts: [],
  newTokens: { 'lakeside.test': 'tok-lakeside', 'north.test': 'tok-north' },
  ...overrides,
});
const configured = (overrides: Partial<typeof google> & { clientSecret?: string } = {}): DistrictEvent => ({
  type: 'DistrictSsoConfigured',
  data: { districtId: 'd1', ...google, clientSecret: 's3cret', configuredBy: 'dana', ...overrides },
});

const tokenIssued = (domain = 'lakeside.test', token = 'tok-lakeside'): DistrictEvent => ({ type: 'DistrictSsoDomainTokenIssued', data: { districtId: 'd1', domain, token } });
const verified = (domain = 'lakeside.test', method: 'dns' | 'operator' = 'dns'): DistrictEvent => ({
  type: 'DistrictSsoDomainVerified',
  data: { districtId: 'd1', domain, method, verifiedBy: method === 'dns' ? 'dana' : 'operator' },
});
const ssoAfter = (events: DistrictEvent[]) => {
  const state = events.reduce(evolveDistrict, initialDistrictState());
  return state.status === 'present' ? state.sso : undefined;
};

describe("a district's single sign-on", () => {
  it('is configured by a district admin with a code for each new domain, and covers no address before the domain is proved', () => {
    spec.given([created]).when(configure()).then([configured(), tokenIssued()]);
    const sso = ssoAfter([created, configured(), tokenIssued()]);
    expect(ssoCoversEmail(sso, 'ted@lakeside.test')).toBe(false);
    expect(ssoCoversEmail(ssoAfter([created, configured(), tokenIssued(), verified()]), 'ted@Lakeside.test')).toBe(true);
    expect(ssoCoversEmail(ssoAfter([created, configured(), tokenIssued(), verified()]), 'ted@elsewhere.test')).toBe(false);
  });

  it('keeps a domain’s code and its proof across saves that keep the domain, and drops the proof of a domain dropped', () => {
    const history = [created, configured(), tokenIssued(), verified()];
    spec.given(history).when(configure({ emailDomains: ['lakeside.test', 'north.test'] })).then([configured({ emailDomains: ['lakeside.test', 'north.test'] }), tokenIssued('north.test', 'tok-north')]);
    expect(ssoCoversEmail(ssoAfter([...history, configured({ required: true })]), 'ted@lakeside.test')).toBe(true);
    const dropped = [...history, configured({ emailDomains: ['north.test'] })];
    expect(ssoCoversEmail(ssoAfter(dropped), 'ted@lakeside.test')).toBe(false);
    // Listed again: the code is the one published before, and the domain must be proved again.
    spec.given(dropped).when(configure()).then([configured()]);
    expect(ssoCoversEmail(ssoAfter([...dropped, configured()]), 'ted@lakeside.test')).toBe(false);
  });

  it('is not found by anyone who does not administer the district', () => {
    spec.given([created]).when(configure({ userId: 'stranger' })).thenThrows(NotFoundError);
    spec.given([]).when(configure()).thenThrows(NotFoundError);
  });

  it('needs a client secret the first time, and keeps the saved one when a later save leaves it out', () => {
    spec.given([created]).when(configure({ clientSecret: undefined })).thenThrows(ValidationError);
    spec.given([created, configured(), tokenIssued()]).when(configure({ clientSecret: undefined, required: true })).then([configured({ required: true })]);
  });

  it('refuses a domain another district has verified', () =>
    spec.given([created]).when(configure({ domainsOfOtherDistricts: ['lakeside.test'] })).thenThrows(ValidationError));

  it('records nothing when a save changes nothing', () => spec.given([created, configured(), tokenIssued()]).when(configure()).then([]));

  it('is turned off by a district admin, and then covers no address', () => {
    const remove = (userId: string) => ({ type: 'RemoveDistrictSso' as const, districtId: 'd1', userId });
    const removed: DistrictEvent = { type: 'DistrictSsoRemoved', data: { districtId: 'd1', removedBy: 'dana' } };
    spec.given([created, configured()]).when(remove('dana')).then([removed]);
    spec.given([created]).when(remove('dana')).then([]);
    spec.given([created, configured()]).when(remove('stranger')).thenThrows(NotFoundError);
    const state = [created, configured(), removed].reduce(evolveDistrict, initialDistrictState());
    expect(ssoCoversEmail(state.status === 'present' ? state.sso : undefined, 'ted@lakeside.test')).toBe(false);
  });
});

describe('the SSO form', () => {
  it('takes https issuers, and http only on a loopback address', () => {
    expect(issuerAllowed('https://login.microsoftonline.com/abc/v2.0')).toBe(true);
    expect(issuerAllowed('http://127.0.0.1:4000')).toBe(true);
    expect(issuerAllowed('http://localhost:4000/oidc')).toBe(true);
    expect(issuerAllowed('http://idp.lakeside.test')).toBe(false);
    expect(issuerAllowed('ftp://idp.lakeside.test')).toBe(false);
    expect(issuerAllowed('https://user:pass@idp.lakeside.test')).toBe(false);
  });

  it('reads domains in lower case, once each, and an empty secret as none', () => {
    const parsed = districtSsoFormSchema.parse({ issuer: 'https://clever.com/', clientId: 'c', clientSecret: ' ', emailDomains: ['Lakeside.test', 'lakeside.test'] });
    expect(parsed).toEqual({ issuer: 'https://clever.com', clientId: 'c', clientSecret: undefined, emailDomains: ['lakeside.test'], required: false });
    expect(districtSsoFormSchema.safeParse({ ...parsed, emailDomains: ['not a domain'] }).success).toBe(false);
  });
});
