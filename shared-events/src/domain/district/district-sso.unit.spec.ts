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
  ...overrides,
});
const configured = (overrides: Partial<typeof google> & { clientSecret?: string } = {}): DistrictEvent => ({
  type: 'DistrictSsoConfigured',
  data: { districtId: 'd1', ...google, clientSecret: 's3cret', configuredBy: 'dana', ...overrides },
});

describe("a district's single sign-on", () => {
  it('is configured by a district admin, and then covers addresses of its domains only', () => {
    spec.given([created]).when(configure()).then([configured()]);
    const state = [created, configured()].reduce(evolveDistrict, initialDistrictState());
    const sso = state.status === 'present' ? state.sso : undefined;
    expect(ssoCoversEmail(sso, 'ted@Lakeside.test')).toBe(true);
    expect(ssoCoversEmail(sso, 'ted@elsewhere.test')).toBe(false);
  });

  it('is not found by anyone who does not administer the district', () => {
    spec.given([created]).when(configure({ userId: 'stranger' })).thenThrows(NotFoundError);
    spec.given([]).when(configure()).thenThrows(NotFoundError);
  });

  it('needs a client secret the first time, and keeps the saved one when a later save leaves it out', () => {
    spec.given([created]).when(configure({ clientSecret: undefined })).thenThrows(ValidationError);
    spec.given([created, configured()]).when(configure({ clientSecret: undefined, required: true })).then([configured({ required: true })]);
  });

  it('refuses a domain another district signs in already', () =>
    spec.given([created]).when(configure({ domainsOfOtherDistricts: ['lakeside.test'] })).thenThrows(ValidationError));

  it('records nothing when a save changes nothing', () => spec.given([created, configured()]).when(configure()).then([]));

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
