import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { signedInTeacher, testServerForFile } from '../../testing/test-server.ts';
import { startTestDns } from '../../testing/dns-test-server.ts';
import { proveDomain } from '../../testing/sso-domains.ts';

// A district admin configures the district's OpenID provider; the secret is never shown again, and is not
// stored in the clear. Its domains are proved with TXT records served by a DNS server of the test's own.
const dns = await startTestDns();
const server = testServerForFile({ DNS_SERVERS: dns.server });
afterAll(() => dns.close());
const SECRET = 'district-client-secret-7f3a';
const unique = () => `d${Math.random().toString(36).slice(2, 10)}.test`;

async function district(name = 'Lakeside USD') {
  const admin = await signedInTeacher(server.url, 'Dana District');
  const districtId = (await admin.post('/api/districts', { name })).body.id as string;
  return { admin, districtId };
}

describe('district single sign-on configuration', () => {
  it('is saved by the district admin and read back without the secret', async () => {
    const { admin, districtId } = await district();
    expect((await admin.get(`/api/districts/${districtId}/sso`)).body).toEqual({ sso: null });
    const domain = unique();
    const form = { issuer: 'https://accounts.google.com/', clientId: 'lakeside-app', clientSecret: SECRET, emailDomains: [domain.toUpperCase()], required: true };
    const saved = await admin.put(`/api/districts/${districtId}/sso`, form);
    const txtRecord = expect.stringMatching(/^accommodate-domain-verification=/);
    const domains = [{ domain, verified: false, status: 'unverified', txtRecord }];
    const expected = { sso: { issuer: 'https://accounts.google.com', clientId: 'lakeside-app', hasClientSecret: true, emailDomains: [domain], domains, required: true } };
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(expected);
    expect((await admin.get(`/api/districts/${districtId}/sso`)).body).toEqual(expected);
    // A later save without the secret keeps it.
    expect((await admin.put(`/api/districts/${districtId}/sso`, { ...form, clientSecret: '', required: false })).body.sso).toMatchObject({ hasClientSecret: true, required: false });
  });

  it('keeps the secret out of the read models and out of the log in the clear', async () => {
    const { admin, districtId } = await district();
    expect((await admin.put(`/api/districts/${districtId}/sso`, { issuer: 'https://clever.com', clientId: 'c', clientSecret: SECRET, emailDomains: [unique()] })).status).toBe(200);
    for (const file of readdirSync(server.dataDir).filter((name) => name.endsWith('.sqlite') || name.endsWith('-wal'))) {
      expect(readFileSync(path.join(server.dataDir, file)).includes(SECRET), file).toBe(false);
    }
  });

  it('refuses an http issuer off the loopback, a missing secret, and a domain another district verified, naming the field', async () => {
    const { admin, districtId } = await district();
    const domain = unique();
    const form = { issuer: 'http://idp.lakeside.test', clientId: 'c', emailDomains: [domain] };
    const refused = await admin.put(`/api/districts/${districtId}/sso`, form);
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors as object).sort()).toEqual(['issuer']);
    expect((await admin.put(`/api/districts/${districtId}/sso`, { ...form, issuer: 'http://127.0.0.1:9' })).body.errors).toEqual({ clientSecret: 'Client secret is required' });
    expect((await admin.put(`/api/districts/${districtId}/sso`, { ...form, issuer: 'http://127.0.0.1:9', clientSecret: SECRET })).status).toBe(200);
    await proveDomain(admin, districtId, domain, dns);

    const other = await district('Elsewhere USD');
    const taken = await other.admin.put(`/api/districts/${other.districtId}/sso`, { ...form, issuer: 'https://clever.com', clientSecret: SECRET });
    expect(taken.status).toBe(400);
    expect(taken.body.errors).toEqual({ emailDomains: 'A domain verified by one district cannot be claimed by another' });
  });

  it('is turned off by the district admin: its domains sign in with passwords again', async () => {
    const { admin, districtId } = await district();
    const domain = unique();
    expect((await admin.put(`/api/districts/${districtId}/sso`, { issuer: 'https://clever.com', clientId: 'c', clientSecret: SECRET, emailDomains: [domain] })).status).toBe(200);
    await proveDomain(admin, districtId, domain, dns);
    expect((await admin.get(`/api/auth/sso/discover?email=ted@${domain}`)).body).toEqual({ sso: true });
    expect((await admin.delete(`/api/districts/${districtId}/sso`)).status).toBe(204);
    expect((await admin.get(`/api/districts/${districtId}/sso`)).body).toEqual({ sso: null });
    expect((await admin.get(`/api/auth/sso/discover?email=ted@${domain}`)).body).toEqual({ sso: false });
  });

  it('is not found by anyone but the district admins', async () => {
    const { districtId } = await district();
    const stranger = await signedInTeacher(server.url, 'Sam Stranger');
    expect((await stranger.get(`/api/districts/${districtId}/sso`)).status).toBe(404);
    expect((await stranger.put(`/api/districts/${districtId}/sso`, { issuer: 'https://clever.com', clientId: 'c', clientSecret: 's', emailDomains: [unique()] })).status).toBe(404);
    expect((await stranger.delete(`/api/districts/${districtId}/sso`)).status).toBe(404);
  });
});
