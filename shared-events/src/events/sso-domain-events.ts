import { z } from 'zod';
import { defineEvent, type EventOf } from './define-event.ts';

/**
 * Which district holds an e-mail domain for single sign-on, in `ssoDomain-<domain>`: appended at the revision the
 * claim was decided on, so of two districts proving the same domain at once only one gets it.
 */
export const SsoDomainClaimed = defineEvent('SsoDomainClaimed', 1, z.object({ domain: z.string(), districtId: z.string() }));

export const SSO_DOMAIN_EVENTS = [SsoDomainClaimed] as const;
export type SsoDomainEvent = EventOf<(typeof SSO_DOMAIN_EVENTS)[number]>;
