import { emailDomainOf } from '@accommodate/shared-events/schemas/district-sso';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { districtDecider } from '@accommodate/shared-events/domain/district/decide-district';
import { coveredSsoDomains } from '@accommodate/shared-events/domain/district/district-sso';
import { organisationQueries, type DistrictDoc } from '@accommodate/projections/queries/organisation-queries';
import type { AppContext } from '../framework/command-context.ts';
import { readState } from '../framework/handle-command.ts';
import type { SsoClient } from '../auth/oidc-relying-party.ts';

/** The district whose single sign-on covers the address's domain now (proved, not suspended), if any. */
export async function ssoDistrictFor(context: Pick<AppContext, 'readStore'>, email: string): Promise<DistrictDoc | null> {
  const district = await organisationQueries(context.readStore).districtSigningInDomain(emailDomainOf(email));
  return district?.sso ? district : null;
}

/** Whether the address's district requires single sign-on: no password signs it in (nor a reset link). */
export const ssoRequiredFor = async (context: Pick<AppContext, 'readStore'>, email: string): Promise<boolean> =>
  (await ssoDistrictFor(context, email))?.sso?.required === true;

/**
 * The district's client at its provider, with the secret: read from the district's stream, where it is sealed with the
 * district's key (the read models keep none), with the domains it covers now (proved, not suspended). Null when the
 * district has no single sign-on.
 */
export async function ssoClientOf(context: Pick<AppContext, 'eventStore'>, districtId: string): Promise<(SsoClient & { coveredDomains: string[] }) | null> {
  const state = await readState(context, districtDecider, streamName('district', districtId));
  const sso = state.status === 'present' ? state.sso : undefined;
  if (!sso?.clientSecret) return null;
  return { issuer: sso.issuer, clientId: sso.clientId, clientSecret: sso.clientSecret, coveredDomains: coveredSsoDomains(sso) };
}
