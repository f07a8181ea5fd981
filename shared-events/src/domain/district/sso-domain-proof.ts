import type { DistrictEvent } from '../../events/district-events.ts';
import { IllegalStateError, NotFoundError } from '../errors.ts';
import { DOMAIN_TAKEN, RECORD_NOT_FOUND, TXT_RECORD_PREFIX, txtRecordFor } from '../../schemas/district-sso.ts';
import { tokensToIssue, type DistrictSsoState, type SsoDomainMethod } from './district-sso.ts';

/**
 * Proving that a district owns an e-mail domain, as Google Workspace and Slack have their customers do: the district
 * publishes a TXT record with its own code at the domain, and a check that finds it makes the domain covered by the
 * district's single sign-on. Until then (and once the record is gone) the domain's addresses sign in as if no district
 * covered them.
 */

/** Who vouches: a district admin whose check read these TXT values at the domain, or the operator. */
export type SsoDomainVouch = { method: 'dns'; userId: string; txtValues: readonly string[] } | { method: 'operator'; operatorId: string };

export interface VerifySsoDomain {
  type: 'VerifySsoDomain';
  districtId: string;
  domain: string;
  vouch: SsoDomainVouch;
  /** Whether another district holds the domain now (read from the domain's claim): the first to verify keeps it. */
  claimedByAnother: boolean;
}

/** The daily check: the TXT values the domain has now. */
export interface RecheckSsoDomain {
  type: 'RecheckSsoDomain';
  districtId: string;
  domain: string;
  txtValues: readonly string[];
}

/** Codes for listed domains that have none (a configuration saved before domains were proved). */
export interface IssueSsoDomainTokens {
  type: 'IssueSsoDomainTokens';
  districtId: string;
  newTokens: Readonly<Record<string, string>>;
}

export type SsoDomainCommand = VerifySsoDomain | RecheckSsoDomain | IssueSsoDomainTokens;

interface SsoOfDistrict {
  sso?: DistrictSsoState | undefined;
  ssoDomainTokens?: Readonly<Record<string, string>> | undefined;
}

/** Whether the domain's TXT values hold the district's own record (DNS may split a value; the adapter joins it). */
export const recordFound = (txtValues: readonly string[], token: string | undefined): boolean =>
  token !== undefined && txtValues.some((value) => value.trim() === txtRecordFor(token));

/**
 * What a failed check shows the district's admin: the domain's TXT values, so a typo or a record on the wrong name is
 * seen at once, but another district's code only as there, never its value.
 */
export const txtFindings = (txtValues: readonly string[], token: string | undefined): string[] =>
  txtValues
    .map((value) => value.trim())
    .map((value) => (value.startsWith(TXT_RECORD_PREFIX) && (token === undefined || value !== txtRecordFor(token)) ? `${TXT_RECORD_PREFIX}… (not this district’s code)` : value));

export function decideSsoDomain(command: SsoDomainCommand, district: SsoOfDistrict): DistrictEvent[] {
  const { districtId } = command;
  if (command.type === 'IssueSsoDomainTokens') return tokensToIssue(districtId, district.sso?.emailDomains ?? [], district.ssoDomainTokens, command.newTokens);
  const { domain } = command;
  if (!district.sso?.emailDomains.includes(domain)) throw new NotFoundError('Domain');
  const token = district.ssoDomainTokens?.[domain];
  const proof = district.sso.proofs[domain];
  if (command.type === 'RecheckSsoDomain') {
    // The operator's word has no record to look for; a suspended domain waits for its admins.
    if (proof?.status !== 'verified' || proof.method !== 'dns' || recordFound(command.txtValues, token)) return [];
    return [{ type: 'DistrictSsoDomainSuspended', data: { districtId, domain } }];
  }
  if (command.claimedByAnother) throw new IllegalStateError(DOMAIN_TAKEN);
  const { vouch } = command;
  if (vouch.method === 'dns' && !recordFound(vouch.txtValues, token)) throw new IllegalStateError(RECORD_NOT_FOUND, { found: txtFindings(vouch.txtValues, token) });
  if (proof?.status === 'verified') return [];
  const method: SsoDomainMethod = vouch.method;
  const verifiedBy = vouch.method === 'dns' ? vouch.userId : vouch.operatorId;
  return [{ type: 'DistrictSsoDomainVerified', data: { districtId, domain, method, verifiedBy } }];
}
