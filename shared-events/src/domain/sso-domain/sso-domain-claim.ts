import { SSO_DOMAIN_EVENTS, type SsoDomainEvent } from '../../events/sso-domain-events.ts';
import { DOMAIN_TAKEN } from '../../schemas/district-sso.ts';
import type { Decider } from '../decider.ts';
import { IllegalStateError } from '../errors.ts';
import { typesOf } from '../event-types.ts';

/**
 * Which district holds an e-mail domain for single sign-on. Several districts may list a domain they have not proved;
 * the first to prove it claims it here, and the claim is appended at the revision it was decided on, so two districts
 * proving the same domain at once cannot both get it. A district that stopped covering the domain (it dropped it,
 * turned single sign-on off, left, or its record was found gone) holds it no longer, so a later owner can prove it.
 */
export interface SsoDomainClaimState {
  holder: string | null;
}

export interface ClaimSsoDomain {
  type: 'ClaimSsoDomain';
  domain: string;
  districtId: string;
  /** Whether the present holder, if another district, still lists the domain and has not lost its proof. */
  holderStillHoldsIt: boolean;
}

export function decideSsoDomainClaim(command: ClaimSsoDomain, state: SsoDomainClaimState): SsoDomainEvent[] {
  if (state.holder === command.districtId) return [];
  if (state.holder !== null && command.holderStillHoldsIt) throw new IllegalStateError(DOMAIN_TAKEN);
  return [{ type: 'SsoDomainClaimed', data: { domain: command.domain, districtId: command.districtId } }];
}

export const evolveSsoDomainClaim = (_state: SsoDomainClaimState, event: SsoDomainEvent): SsoDomainClaimState => ({ holder: event.data.districtId });

export const ssoDomainClaimDecider: Decider<SsoDomainClaimState, ClaimSsoDomain, SsoDomainEvent> = {
  eventTypes: typesOf(SSO_DOMAIN_EVENTS),
  initialState: () => ({ holder: null }),
  evolve: evolveSsoDomainClaim,
  decide: decideSsoDomainClaim,
};
