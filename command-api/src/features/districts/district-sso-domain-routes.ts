import { Router } from 'express';
import { DNS_UNAVAILABLE, DOMAIN_CHECKS_LIMITED, emailDomainSchema } from '@accommodate/shared-events/schemas/district-sso';
import type { AppContext } from '../../framework/command-context.ts';
import { HttpError, notFound, TooManyRequestsError } from '../../http/errors.ts';
import { idParam } from '../../http/route-params.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { loadDistrictFor } from '../../shared/organisation-access.ts';
import { DnsUnavailableError, domainDns } from '../../shared/domain-dns.ts';
import { proveSsoDomain } from '../../shared/sso-domain-proofs.ts';

/**
 * Settings → District → Single sign-on: a district admin proves the district owns a listed e-mail domain by the TXT
 * record shown for it. 200 `{verified: true}`, or 409 with the message and the TXT values found at the domain.
 */
export function districtSsoDomainRoutes(context: AppContext): Router {
  const router = Router();
  const dns = domainDns(context.config);
  // Each check asks DNS: a few a minute is what an admin waiting for a new record needs.
  const checks = context.limits.rate('sso-domain-verify:user', { points: 30, durationSec: 10 * 60 });

  router.post('/api/districts/:id/sso/domains/:domain/verify', async (req, res) => {
    const userId = requireUser(req);
    const district = await loadDistrictFor(context, userId, idParam(req));
    const domain = emailDomainSchema.safeParse(req.params.domain);
    if (!domain.success || !district.sso?.emailDomains.includes(domain.data)) throw notFound('Domain');
    const wait = await checks.take(userId);
    if (wait !== null) throw new TooManyRequestsError(DOMAIN_CHECKS_LIMITED, wait);
    let txtValues;
    try {
      txtValues = await dns.txt(domain.data);
    } catch (error) {
      if (error instanceof DnsUnavailableError) throw new HttpError(503, DNS_UNAVAILABLE);
      throw error;
    }
    await proveSsoDomain(context, { districtId: district.id, domain: domain.data, vouch: { method: 'dns', userId, txtValues } }, { actor: { userId } });
    res.json({ verified: true });
  });

  return router;
}
