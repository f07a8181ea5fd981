import { ssoDiscoverySchema, ssoEmailQuerySchema } from '@accommodate/shared-events/schemas/district-sso';
import { apiRequest } from '../../../lib/api-client.ts';

/** Whether the address's domain signs in with its district's provider; false for anything not an address. */
export async function usesSingleSignOn(email: string): Promise<boolean> {
  const parsed = ssoEmailQuerySchema.safeParse({ email });
  if (!parsed.success) return false;
  const answer = await apiRequest<unknown>(`/api/auth/sso/discover?email=${encodeURIComponent(parsed.data.email)}`).catch(() => null);
  return ssoDiscoverySchema.safeParse(answer).data?.sso ?? false;
}

/** To the district's provider: the address goes in this one request, and the provider's page replaces this one. */
export function startSingleSignOn(email: string): void {
  window.location.assign(`/api/auth/sso/start?email=${encodeURIComponent(email.trim().toLowerCase())}`);
}
