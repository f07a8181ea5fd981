import type { DistrictEvent } from '../../events/district-events.ts';
import { ValidationError } from '../errors.ts';
import { CLIENT_SECRET_REQUIRED, DOMAIN_TAKEN, emailDomainOf } from '../../schemas/district-sso.ts';

/**
 * A district's single sign-on (issue 25): its OpenID provider and the e-mail domains it signs in. The secret is
 * known on the write side (the district's stream, where it is sealed with the district's key); a read model's copy
 * of the state has none (null).
 */
export interface DistrictSsoState {
  issuer: string;
  clientId: string;
  clientSecret: string | null;
  emailDomains: string[];
  required: boolean;
}

export interface ConfigureDistrictSso {
  type: 'ConfigureDistrictSso';
  districtId: string;
  userId: string;
  issuer: string;
  clientId: string;
  /** Absent: keep the secret saved before. */
  clientSecret?: string | undefined;
  emailDomains: string[];
  required: boolean;
  /** The domains other districts sign in already (read by the route): a domain belongs to one district only. */
  domainsOfOtherDistricts: readonly string[];
}

export interface RemoveDistrictSso {
  type: 'RemoveDistrictSso';
  districtId: string;
  userId: string;
}

type SsoConfigured = Extract<DistrictEvent, { type: 'DistrictSsoConfigured' }>;
type SsoRemoved = Extract<DistrictEvent, { type: 'DistrictSsoRemoved' }>;

/** Turned off, or nothing when it is off already. */
export const decideSsoRemoval = ({ districtId, userId }: RemoveDistrictSso, current: DistrictSsoState | undefined): SsoRemoved[] =>
  current ? [{ type: 'DistrictSsoRemoved', data: { districtId, removedBy: userId } }] : [];

/** The save, or nothing when it changes nothing. */
export function decideSso(command: ConfigureDistrictSso, current: DistrictSsoState | undefined): SsoConfigured[] {
  const clientSecret = command.clientSecret ?? current?.clientSecret ?? null;
  if (clientSecret === null) throw ValidationError.onField('clientSecret', CLIENT_SECRET_REQUIRED);
  if (command.emailDomains.some((domain) => command.domainsOfOtherDistricts.includes(domain))) throw ValidationError.onField('emailDomains', DOMAIN_TAKEN);
  const { districtId, issuer, clientId, emailDomains, required, userId } = command;
  const next: DistrictSsoState = { issuer, clientId, clientSecret, emailDomains, required };
  if (current && JSON.stringify(evolveSso(current)) === JSON.stringify(evolveSso(next))) return [];
  return [{ type: 'DistrictSsoConfigured', data: { districtId, ...next, clientSecret, configuredBy: userId } }];
}

/** The configuration an event leaves (the fold's part for the SSO event). */
export const evolveSso = ({ issuer, clientId, clientSecret, emailDomains, required }: DistrictSsoState): DistrictSsoState => ({
  issuer,
  clientId,
  clientSecret,
  emailDomains: [...emailDomains],
  required,
});

export const ssoCoversEmail = (sso: Pick<DistrictSsoState, 'emailDomains'> | undefined, email: string): boolean =>
  sso !== undefined && sso.emailDomains.includes(emailDomainOf(email));
