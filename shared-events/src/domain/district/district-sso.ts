import type { DistrictEvent } from '../../events/district-events.ts';
import { ValidationError } from '../errors.ts';
import { CLIENT_SECRET_REQUIRED, DOMAIN_TAKEN, emailDomainOf } from '../../schemas/district-sso.ts';

/** How a district proved it owns a domain: its DNS record, or the operator's word. */
export type SsoDomainMethod = 'dns' | 'operator';

/** A listed domain the district proved it owns: `suspended` once its record was found gone (it covers nothing then). */
export interface SsoDomainProof {
  status: 'verified' | 'suspended';
  method: SsoDomainMethod;
}

/**
 * A district's single sign-on: its OpenID provider and the e-mail domains it lists. A listed domain covers
 * nothing until the district proves it owns it (`proofs`). The secret is known on the write side (the district's
 * stream, where it is sealed with the district's key); a read model's copy of the state has none (null).
 */
export interface DistrictSsoState {
  issuer: string;
  clientId: string;
  clientSecret: string | null;
  emailDomains: string[];
  required: boolean;
  /** Per listed domain, once proved; a domain dropped from the list loses its proof. */
  proofs: Record<string, SsoDomainProof>;
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
  /** The domains other districts have verified (read by the route): a verified domain belongs to one district only. */
  domainsOfOtherDistricts: readonly string[];
  /** A fresh random code per listed domain (made by the route); used for the domains that have none yet. */
  newTokens: Readonly<Record<string, string>>;
}

export interface RemoveDistrictSso {
  type: 'RemoveDistrictSso';
  districtId: string;
  userId: string;
}

type SsoConfigured = Extract<DistrictEvent, { type: 'DistrictSsoConfigured' }>;
type SsoRemoved = Extract<DistrictEvent, { type: 'DistrictSsoRemoved' }>;
type TokenIssued = Extract<DistrictEvent, { type: 'DistrictSsoDomainTokenIssued' }>;

/** Turned off, or nothing when it is off already. */
export const decideSsoRemoval = ({ districtId, userId }: RemoveDistrictSso, current: DistrictSsoState | undefined): SsoRemoved[] =>
  current ? [{ type: 'DistrictSsoRemoved', data: { districtId, removedBy: userId } }] : [];

/** A code for each listed domain that has none yet, from the fresh ones the route made. */
export function tokensToIssue(
  districtId: string,
  domains: readonly string[],
  issued: Readonly<Record<string, string>> | undefined,
  fresh: Readonly<Record<string, string>>,
): TokenIssued[] {
  return domains.flatMap((domain) => {
    const token = fresh[domain];
    if (issued?.[domain] !== undefined || token === undefined) return [];
    return [{ type: 'DistrictSsoDomainTokenIssued' as const, data: { districtId, domain, token } }];
  });
}

/** The save (with a code for each newly listed domain), or nothing when it changes nothing. */
export function decideSso(command: ConfigureDistrictSso, current: DistrictSsoState | undefined, issued: Readonly<Record<string, string>> | undefined): DistrictEvent[] {
  const clientSecret = command.clientSecret ?? current?.clientSecret ?? null;
  if (clientSecret === null) throw ValidationError.onField('clientSecret', CLIENT_SECRET_REQUIRED);
  if (command.emailDomains.some((domain) => command.domainsOfOtherDistricts.includes(domain))) throw ValidationError.onField('emailDomains', DOMAIN_TAKEN);
  const { districtId, issuer, clientId, emailDomains, required, userId } = command;
  const tokens = tokensToIssue(districtId, emailDomains, issued, command.newTokens);
  const configured: SsoConfigured = { type: 'DistrictSsoConfigured', data: { districtId, issuer, clientId, clientSecret, emailDomains, required, configuredBy: userId } };
  if (current && JSON.stringify(configurationOf(current)) === JSON.stringify(configurationOf(configured.data))) return tokens;
  return [configured, ...tokens];
}

type Configuration = Omit<DistrictSsoState, 'proofs'>;
const configurationOf = ({ issuer, clientId, clientSecret, emailDomains, required }: Configuration): Configuration => ({ issuer, clientId, clientSecret, emailDomains: [...emailDomains], required });

/** The configuration a save leaves: the proofs of the domains still listed are kept. */
export const evolveSso = (previous: DistrictSsoState | undefined, saved: Configuration): DistrictSsoState => ({
  ...configurationOf(saved),
  proofs: Object.fromEntries(Object.entries(previous?.proofs ?? {}).filter(([domain]) => saved.emailDomains.includes(domain))),
});

/** A listed domain's proof set or changed (verified, suspended); nothing for a domain no longer listed. */
export function evolveProof(sso: DistrictSsoState | undefined, domain: string, proof: SsoDomainProof): DistrictSsoState | undefined {
  if (!sso?.emailDomains.includes(domain)) return sso;
  return { ...sso, proofs: { ...sso.proofs, [domain]: proof } };
}

/** The domains whose addresses the district's single sign-on covers now: listed, proved, and not suspended. */
export const coveredSsoDomains = (sso: Pick<DistrictSsoState, 'emailDomains' | 'proofs'> | undefined): string[] =>
  sso ? sso.emailDomains.filter((domain) => sso.proofs[domain]?.status === 'verified') : [];

export const ssoCoversEmail = (sso: Pick<DistrictSsoState, 'emailDomains' | 'proofs'> | undefined, email: string): boolean =>
  coveredSsoDomains(sso).includes(emailDomainOf(email));
