import { Router } from 'express';
import { districtSsoFormSchema, type DistrictSso } from '@accommodate/shared-events/schemas/district-sso';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { districtDecider } from '@accommodate/shared-events/domain/district/decide-district';
import { organisationQueries, type DistrictDoc } from '@accommodate/projections/queries/organisation-queries';
import type { AppContext } from '../../framework/command-context.ts';
import { handleCommand } from '../../framework/handle-command.ts';
import { idParam } from '../../http/route-params.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { loadDistrictFor } from '../../shared/organisation-access.ts';

/** What the district's admins see of its single sign-on: never the secret, only that there is one. */
const ssoOf = ({ sso }: DistrictDoc): DistrictSso | null =>
  sso ? { issuer: sso.issuer, clientId: sso.clientId, hasClientSecret: true, emailDomains: sso.emailDomains, required: sso.required } : null;

/** Settings → District → Sign-in (issue 25): the district's OpenID provider, for its admins only. */
export function districtSsoRoutes(context: AppContext): Router {
  const router = Router();
  const organisations = organisationQueries(context.readStore);

  router.get('/api/districts/:id/sso', async (req, res) => {
    const district = await loadDistrictFor(context, requireUser(req), idParam(req));
    res.json({ sso: ssoOf(district) });
  });

  router.put('/api/districts/:id/sso', async (req, res) => {
    const userId = requireUser(req);
    const district = await loadDistrictFor(context, userId, idParam(req));
    const form = districtSsoFormSchema.parse(req.body);
    const domainsOfOtherDistricts: string[] = [];
    for (const domain of form.emailDomains) {
      const holder = await organisations.districtSigningInDomain(domain);
      if (holder && holder.id !== district.id) domainsOfOtherDistricts.push(domain);
    }
    const command = { type: 'ConfigureDistrictSso' as const, districtId: district.id, userId, ...form, domainsOfOtherDistricts };
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
