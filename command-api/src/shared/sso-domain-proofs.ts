import { randomBytes } from 'node:crypto';
import type { Actor } from '@accommodate/shared-events/events/envelope';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { districtDecider } from '@accommodate/shared-events/domain/district/decide-district';
import type { SsoDomainVouch } from '@accommodate/shared-events/domain/district/sso-domain-proof';
import { ssoDomainClaimDecider } from '@accommodate/shared-events/domain/sso-domain/sso-domain-claim';
import type { AppContext } from '../framework/command-context.ts';
import { handleCommand, readState } from '../framework/handle-command.ts';

type Stores = Pick<AppContext, 'eventStore' | 'progress'>;

/** A fresh random code for each domain: 128 bits, which nobody guesses before the district publishes it. */
export const newDomainTokens = (domains: readonly string[]): Record<string, string> =>
  Object.fromEntries(domains.map((domain) => [domain, randomBytes(16).toString('base64url')]));

/** Whether the district still lists the domain and has not lost its proof: a claim it made still stands. */
async function stillHolds(context: Stores, districtId: string, domain: string): Promise<boolean> {
  const state = await readState(context, districtDecider, streamName('district', districtId));
  const sso = state.status === 'present' ? state.sso : undefined;
  return sso !== undefined && sso.emailDomains.includes(domain) && sso.proofs[domain]?.status !== 'suspended';
}

/**
 * Makes a listed domain the district's, once proved (its TXT record, or the operator's word): the decision is made on
 * the district first, so nothing is claimed without the proof; then the domain's claim is appended at the revision it
 * was read at (of two districts proving one domain at once, the second is refused when it decides again); then the
 * district records the proof. Throws the domain's refusals (not listed, record not found, held by another district).
 */
export async function proveSsoDomain(
  context: Stores,
  proof: { districtId: string; domain: string; vouch: SsoDomainVouch },
  options: { actor: Actor; awaitReadModels?: boolean },
): Promise<void> {
  const { districtId, domain, vouch } = proof;
  const verify = { type: 'VerifySsoDomain' as const, districtId, domain, vouch, claimedByAnother: false };
  const districtStream = streamName('district', districtId);
  districtDecider.decide(verify, await readState(context, districtDecider, districtStream));
  await handleCommand(
    context,
    ssoDomainClaimDecider,
    streamName('ssoDomain', domain),
    async ({ state }) => ({
      type: 'ClaimSsoDomain' as const,
      domain,
      districtId,
      holderStillHoldsIt: state.holder !== null && state.holder !== districtId && (await stillHolds(context, state.holder, domain)),
    }),
    { actor: options.actor, awaitReadModels: false },
  );
  await handleCommand(context, districtDecider, districtStream, verify, options);
}
