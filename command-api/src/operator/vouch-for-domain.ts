import { z } from 'zod';
import type { EventStore } from '@accommodate/shared-events/event-store/event-store';
import { SYSTEM_ACTOR } from '@accommodate/shared-events/events/envelope';
import { emailDomainSchema } from '@accommodate/shared-events/schemas/district-sso';
import { proveSsoDomain } from '../shared/sso-domain-proofs.ts';

/** What an operator gives: the district's id and one of the domains its single sign-on lists. */
export const vouchSchema = z.object({ district: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'a district id'), domain: emailDomainSchema });

/** The operator's console waits for no read model: the server's projections follow the log. */
const noReadModels = { waitForPosition: () => Promise.resolve(true), caughtUp: () => Promise.resolve(true) };

/**
 * The operator vouches that the district owns the domain (a contract, a call to its IT), where a DNS record cannot be
 * published: recorded as proved by the operator, and never suspended by the daily DNS check. The same rules as a
 * check by DNS otherwise: the district must list the domain, and a domain another district holds is refused.
 */
export async function vouchForDomain(stores: { eventStore: EventStore }, input: z.input<typeof vouchSchema>): Promise<void> {
  const { district, domain } = vouchSchema.parse(input);
  await proveSsoDomain(
    { eventStore: stores.eventStore, progress: noReadModels },
    { districtId: district, domain, vouch: { method: 'operator', operatorId: 'operator' } },
    { actor: SYSTEM_ACTOR, awaitReadModels: false },
  );
}
