import type { SsoDomain } from '@accommodate/shared-events/schemas/district-sso';
import type { TestClient } from './test-server.ts';
import type { TestDns } from './dns-test-server.ts';

/** The TXT record the district's settings show for the domain. */
export async function txtRecordOf(admin: TestClient, districtId: string, domain: string): Promise<string> {
  const domains = ((await admin.get(`/api/districts/${districtId}/sso`)).body as { sso: { domains: SsoDomain[] } }).sso.domains;
  const record = domains.find((each) => each.domain === domain)?.txtRecord;
  if (!record) throw new Error('the district does not list the domain');
  return record;
}

/** The district's IT publishes the record at the domain, and its admin verifies it: the domain is the district's. */
export async function proveDomain(admin: TestClient, districtId: string, domain: string, dns: TestDns): Promise<void> {
  dns.setTxt(domain, [await txtRecordOf(admin, districtId, domain)]);
  const verified = await admin.post(`/api/districts/${districtId}/sso/domains/${domain}/verify`);
  if (verified.status !== 200) throw new Error(`verifying the domain answered ${verified.status}`);
}
