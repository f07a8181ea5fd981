import { Router } from 'express';
import { ValidationError } from '@accommodate/shared-events/domain/errors';
import { districtSsoFormSchema, txtRecordFor, type DistrictSso, type SsoDomain } from '@accommodate/shared-events/schemas/district-sso';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { districtDecider } from '@accommodate/shared-events/domain/district/decide-district';
import { organisationQueries, type DistrictDoc } from '@accommodate/projections/queries/organisation-queries';
import type { AppContext } from '../../framework/command-context.ts';
import { handleCommand } from '../../framework/handle-command.ts';
import { idParam } from '../../http/route-params.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { issuerNetwork, issuerRefusal } from '../../auth/issuer-network.ts';
import { loadDistrictFor } from '../../shared/organisation-access.ts';
import { newDomainTokens } from '../../shared/sso-domain-proofs.ts';

/** Each listed domain: whether it covers its addresses now, and the record that proves it. */
const domainsOf = ({ sso, ssoDomainTokens }: DistrictDoc): SsoDomain[] =>
  (sso?.emailDomains ?? []).map((domain) => {
    const status = sso?.proofs[domain]?.status ?? 'unverified';
    return { domain, verified: status === 'verified', status, txtRecord: txtRecordFor(ssoDomainTokens?.[domain] ?? '') };
  });

/** What the district's admins see of its single sign-on: never the secret, only that there is one. */
const ssoOf = (district: DistrictDoc): DistrictSso | null => {
  const { sso } = district;
  return sso ? { issuer: sso.issuer, clientId: sso.clientId, hasClientSecret: true, emailDomains: sso.emailDomains, domains: domainsOf(district), required: sso.required } : null;
};

/** Settings → District → Single sign-on: the district's OpenID provider, for its admins only. */
export function districtSsoRoutes(context: AppContext): Router {
  const router = Router();
  const organisations = organisationQueries(context.readStore);
  const network = issuerNetwork(context.config);

  router.get('/api/districts/:id/sso', async (req, res) => {
    const userId = requireUser(req);
    let district = await loadDistrictFor(context, userId, idParam(req));
    // A configuration saved before domains were proved has domains without a code: they get theirs now.
    const missing = (district.sso?.emailDomains ?? []).filter((domain) => district.ssoDomainTokens?.[domain] === undefined);
    if (missing.length > 0) {
      const command = { type: 'IssueSsoDomainTokens' as const, districtId: district.id, newTokens: newDomainTokens(missing) };
      await handleCommand(context, districtDecider, streamName('district', district.id), command, { actor: { userId } });
      district = await loadDistrictFor(context, userId, district.id);
    }
    res.json({ sso: ssoOf(district) });
  });

  router.put('/api/districts/:id/sso', async (req, res) => {
    const userId = requireUser(req);
    const district = await loadDistrictFor(context, userId, idParam(req));
    const form = districtSsoFormSchema.parse(req.body);
    const refusal = await issuerRefusal(form.issuer, network);
    if (refusal !== null) throw ValidationError.onField('issuer', refusal);
    const domainsOfOtherDistricts: string[] = [];
    for (const domain of form.emailDomains) {
      const holder = await organisations.districtSigningInDomain(domain);
      if (holder && holder.id !== district.id) domainsOfOtherDistricts.push(domain);
    }
    const command = { type: 'ConfigureDistrictSso' as const, districtId: district.id, userId, ...form, domainsOfOtherDistricts, newTokens: newDomainTokens(form.emailDomains) };
    await handleCommand(context, districtDecider, streamName('district', district.id), command, { actor: { userId } });
    res.json({ sso: ssoOf(await loadDistrictFor(context, userId, district.id)) });
  });

  router.delete('/api/districts/:id/sso', async (req, res) => {
    const userId = requireUser(req);
    const district = await loadDistrictFor(context, userId, idParam(req));
    await handleCommand(context, districtDecider, streamName('district', district.id), { type: 'RemoveDistrictSso', districtId: district.id, userId }, { actor: { userId } });
    res.status(204).end();
  });

  return router;
}
