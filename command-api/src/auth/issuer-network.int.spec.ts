import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ISSUER_NOT_PUBLIC } from '@accommodate/shared-events/schemas/district-sso';
import { SYSTEM_ACTOR } from '@accommodate/shared-events/events/envelope';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { signedInTeacher, testServerForFile, type TestClient } from '../testing/test-server.ts';
import { CookieBrowser } from '../testing/cookie-browser.ts';
import { startTestDns } from '../testing/dns-test-server.ts';
import { proveDomain } from '../testing/sso-domains.ts';

// The server fetches a district's provider (discovery, token, keys) on behalf of anyone who types an address on the
// sign-in page, and any signed-in account may create a district and name that provider: it must never lead the server
// into its own network. This server runs as in production (a public APP_URL), with names served by the test's DNS.
const dns = await startTestDns();
const server = testServerForFile({ DNS_SERVERS: dns.server, APP_URL: 'https://accommodate.example.org' });
let admin: TestClient;
let districtId = '';
// Stands where a service of the server's own machine would: it counts the connections that reach it.
const local = net.createServer((socket) => {
  connections += 1;
  socket.destroy();
});
let connections = 0;
let localPort = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
  const address = local.address();
  localPort = typeof address === 'object' && address ? address.port : 0;
  admin = await signedInTeacher(server.url, 'Dana District');
  districtId = (await admin.post('/api/districts', { name: 'Network USD' })).body.id as string;
});
afterAll(async () => {
  await new Promise<void>((resolve) => local.close(() => resolve()));
  await dns.close();
});

const save = (issuer: string, domain = `net-${randomUUID().slice(0, 8)}.test`) =>
  admin.put(`/api/districts/${districtId}/sso`, { issuer, clientId: 'c', clientSecret: 'a-secret', emailDomains: [domain] });

/** Where the sign-in page's "Continue" lands for an address of the domain. */
async function startFor(domain: string): Promise<string> {
  const landed = new URL((await new CookieBrowser().follow(`${server.url}/api/auth/sso/start?email=${encodeURIComponent(`ted@${domain}`)}`)).url);
  return `${landed.pathname}${landed.search}`;
}

describe('a single sign-on provider’s address', () => {
  it.each([
    ['the loopback, when the app is not on it', () => `http://127.0.0.1:${localPort}`],
    ['the loopback over https', () => `https://127.0.0.1:${localPort}`],
    ['localhost', () => `https://localhost:${localPort}`],
    ['a private address (10/8)', () => 'https://10.1.2.3'],
    ['a private address (192.168/16)', () => 'https://192.168.1.20/oidc'],
    ['the cloud metadata service (link-local)', () => 'https://169.254.169.254/latest'],
    ['a unique local IPv6 address', () => 'https://[fd00::1]'],
    ['a link-local IPv6 address', () => 'https://[fe80::1]'],
    ['IPv4 written as IPv6', () => 'https://[::ffff:10.0.0.1]'],
    ['the unspecified address', () => 'https://0.0.0.0'],
    ['carrier-grade NAT', () => 'https://100.64.0.1'],
  ])('is refused when it is %s', async (_case, issuer) => {
    const refused = await save(issuer());
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ issuer: ISSUER_NOT_PUBLIC });
  });

  it('is refused when its name resolves to a private address, and taken when it resolves to a public one (or not yet at all)', async () => {
    dns.setAddresses('idp.intranet.test', ['10.0.0.7']);
    dns.setAddresses('idp.mixed.test', ['93.184.216.34', '192.168.0.9']);
    dns.setAddresses('idp.public.test', ['93.184.216.34']);
    expect((await save('https://idp.intranet.test')).body.errors).toEqual({ issuer: ISSUER_NOT_PUBLIC });
    expect((await save('https://idp.mixed.test')).body.errors).toEqual({ issuer: ISSUER_NOT_PUBLIC });
    expect((await save('https://idp.public.test')).status).toBe(200);
    expect((await save('https://idp.not-published-yet.test')).status).toBe(200);
  });

  it('is checked again at each connection: a name that later resolves to the server’s own network is never connected to', async () => {
    const domain = `rebind-${randomUUID().slice(0, 8)}.test`;
    const issuerHost = `idp-${domain}`;
    dns.setAddresses(issuerHost, ['93.184.216.34']);
    expect((await save(`https://${issuerHost}:${localPort}`, domain)).status).toBe(200);
    await proveDomain(admin, districtId, domain, dns);
    // The name now leads to this machine, then to a private address: the start gives up without connecting.
    dns.setAddresses(issuerHost, ['127.0.0.1']);
    expect(await startFor(domain)).toBe('/login?sso=unavailable');
    dns.setAddresses(issuerHost, ['10.0.0.9']);
    expect(await startFor(domain)).toBe('/login?sso=unavailable');
    expect(connections).toBe(0);
  });

  it('is checked at each connection even when it was saved under another rule (a loopback issuer kept from a trial)', async () => {
    const domain = `kept-${randomUUID().slice(0, 8)}.test`;
    expect((await save('https://idp.public.test', domain)).status).toBe(200);
    await proveDomain(admin, districtId, domain, dns);
    const kept = { districtId, issuer: `http://127.0.0.1:${localPort}`, clientId: 'c', clientSecret: 'a-secret', emailDomains: [domain], required: false, configuredBy: SYSTEM_ACTOR.userId };
    const appended = await server.context.eventStore.append(streamName('district', districtId), [{ type: 'DistrictSsoConfigured', data: kept }], {
      expectedRevision: 'any',
      actor: SYSTEM_ACTOR,
      correlationId: randomUUID(),
      causationId: null,
    });
    await server.context.progress.waitForPosition(appended.position, 5_000);
    expect(await startFor(domain)).toBe('/login?sso=unavailable');
    expect(connections).toBe(0);
  });
});
