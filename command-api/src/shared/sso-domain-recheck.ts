import { SYSTEM_ACTOR } from '@accommodate/shared-events/events/envelope';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { districtDecider } from '@accommodate/shared-events/domain/district/decide-district';
import { organisationQueries, type DistrictDoc } from '@accommodate/projections/queries/organisation-queries';
import { raiseNotification } from '@accommodate/workers/notifications/raise-notification';
import type { AppContext } from '../framework/command-context.ts';
import { handleCommand } from '../framework/handle-command.ts';
import { DnsUnavailableError, domainDns } from './domain-dns.ts';

export const SSO_DOMAIN_RECHECK_JOB = 'sso-domain-recheck';

export interface SsoDomainRecheck {
  checked: number;
  suspended: number;
}

/** The district's admins hear of it (in the app, and by e-mail as they chose): the domain and what to do, nothing else. */
async function notifySuspension(context: AppContext, district: DistrictDoc, domain: string, revision: number): Promise<void> {
  for (const userId of district.adminIds) {
    await raiseNotification(context.eventStore, {
      userId,
      type: 'system',
      title: `Single sign-on suspended for ${domain}`,
      message: `The DNS record that proves your district owns ${domain} is gone, so its staff sign in with passwords until the domain is verified again. Publish the TXT record shown in Settings, District, Single sign-on, then choose Verify.`,
      studentId: null,
      planId: null,
      dedupeKey: `sso-domain-suspended:${district.id}:${revision}:${userId}`,
    });
  }
}

/**
 * The daily check (run by the API nodes' queue beside the retention job): each domain proved by its DNS record is
 * looked up again, and one whose record is gone is suspended (it covers nothing until verified again) and its
 * district's admins are told. A DNS that cannot be asked proves nothing either way: the domain is left as it is and
 * checked the next day. Logs counts only.
 */
export async function recheckSsoDomains(context: AppContext): Promise<SsoDomainRecheck> {
  const dns = domainDns(context.config);
  const run: SsoDomainRecheck = { checked: 0, suspended: 0 };
  for (const district of await organisationQueries(context.readStore).allDistricts()) {
    const { sso } = district;
    const proved = sso ? sso.emailDomains.filter((domain) => sso.proofs[domain]?.status === 'verified' && sso.proofs[domain]?.method === 'dns') : [];
    for (const domain of proved) {
      let txtValues;
      try {
        txtValues = await dns.txt(domain);
      } catch (error) {
        if (!(error instanceof DnsUnavailableError)) throw error;
        context.logger.warn('single sign-on domain not re-checked: DNS unavailable', { districtId: district.id, reason: error.message });
        continue;
      }
      run.checked += 1;
      const command = { type: 'RecheckSsoDomain' as const, districtId: district.id, domain, txtValues };
      const { newEvents, revision } = await handleCommand(context, districtDecider, streamName('district', district.id), command, { actor: SYSTEM_ACTOR });
      if (newEvents.length === 0) continue;
      run.suspended += 1;
      await notifySuspension(context, district, domain, revision);
    }
  }
  context.logger.info('single sign-on domains re-checked', { ...run });
  return run;
}
