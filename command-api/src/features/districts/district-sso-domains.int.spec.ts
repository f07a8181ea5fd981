import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOMAIN_TAKEN, RECORD_NOT_FOUND, type SsoDomain } from '@accommodate/shared-events/schemas/district-sso';
import { signedInTeacher, testServerForFile, TestClient } from '../../testing/test-server.ts';
import { startTestProvider, type TestProvider } from '../../testing/oidc-test-provider.ts';
import { CookieBrowser } from '../../testing/cookie-browser.ts';
import { linkMailedAfter, mailAfter } from '../../testing/outbox-mail.ts';
import { startTestDns } from '../../testing/dns-test-server.ts';
import { proveDomain, txtRecordOf } from '../../testing/sso-domains.ts';
import { recheckSsoDomains } from '../../shared/sso-domain-recheck.ts';
import { vouchForDomain } from '../../operator/vouch-for-domain.ts';

// A district's single sign-on covers an e-mail domain only once the district proved it owns it, with a TXT record
// served here by a DNS server of the test's own; an attacker's district pointing its provider at a victim's domain
// signs nobody in.
const dns = await startTestDns();
const server = testServerForFile({ DNS_SERVERS: dns.server });
const SECRET = 'attacker-client-secret';
let provider: TestProvider;
const unique = (name: string) => `${name}-${randomUUID().slice(0, 8)}.test`;
const VICTIM_DOMAIN = unique('victim');

beforeAll(async () => {
  provider = await startTestProvider({
    users: { vera: { email: `vera@${VICTIM_DOMAIN}`, name: 'Vera Victim' } },
    clients: [{ clientId: 'accommodate', clientSecret: SECRET, redirectUris: [`${server.url}/api/auth/sso/callback`] }],
  });
});
afterAll(async () => {
  await provider.close();
  await dns.close();
});

async function districtListing(domains: string[], name = 'Lakeside USD') {
  const admin = await signedInTeacher(server.url, 'Dana District');
  const districtId = (await admin.post('/api/districts', { name })).body.id as string;
  const form = { issuer: 'https://idp.lakeside.example', clientId: 'c', clientSecret: 'a-secret', emailDomains: domains };
  expect((await admin.put(`/api/districts/${districtId}/sso`, form)).status).toBe(200);
  return { admin, districtId };
}
const verify = (admin: TestClient, districtId: string, domain: string) => admin.post(`/api/districts/${districtId}/sso/domains/${domain}/verify`);
const discover = async (email: string) => ((await new TestClient(server.url).get(`/api/auth/sso/discover?email=${encodeURIComponent(email)}`)).body as { sso: boolean }).sso;
const domainOf = async (admin: TestClient, districtId: string, domain: string): Promise<SsoDomain | undefined> =>
  (await admin.get<{ sso: { domains: SsoDomain[] } }>(`/api/districts/${districtId}/sso`)).body.sso.domains.find((each) => each.domain === domain);

describe('single sign-on for a domain its district has not proved', () => {
  it('signs nobody in as the victim: a district pointing its own provider at the victim’s domain covers nothing, and cannot verify it', async () => {
    const victim = new TestClient(server.url);
    const vera = await victim.register('Vera Victim', `vera@${VICTIM_DOMAIN}`, 'vera’s own password');
    // Anyone: an account whose address nobody proved creates a district and points its provider at the victim's domain.
    const attacker = new TestClient(server.url);
    const mallory = { name: 'Mallory', email: `mallory-${randomUUID()}@attacker.test`, password: 'attacker password' };
    expect((await attacker.post('/api/auth/register', mallory)).status).toBe(202);
    expect((await attacker.post('/api/auth/login', mallory)).status).toBe(200);
    const districtId = (await attacker.post('/api/districts', { name: 'Totally Real USD' })).body.id as string;
    const form = { issuer: provider.issuer, clientId: 'accommodate', clientSecret: SECRET, emailDomains: [VICTIM_DOMAIN], required: true };
    expect((await attacker.put(`/api/districts/${districtId}/sso`, form)).status).toBe(200);

    // The sign-in page sends the victim's address nowhere, and the start goes back to it without asking the provider.
    expect(await discover(vera.email)).toBe(false);
    const browser = new CookieBrowser();
    const landed = new URL((await browser.follow(`${server.url}/api/auth/sso/start?email=${encodeURIComponent(vera.email)}`)).url);
    expect(`${landed.pathname}${landed.search}`).toBe('/login?sso=not-covered');
    expect(browser.cookie(server.url, 'sid')).toBeUndefined();
    expect(provider.discoveries()).toBe(0);
    // `required: true` locks nobody out: the victim signs in with her password, and a reset still reaches her.
    expect((await new TestClient(server.url).post('/api/auth/login', { email: vera.email, password: 'vera’s own password' })).status).toBe(200);
    const token = await linkMailedAfter(server.dataDir, vera.email, '/reset-password', () => new TestClient(server.url).post('/api/auth/forgot-password', { email: vera.email }));
    expect(token).not.toBe('');

    // The attacker cannot publish a record in the victim's DNS: the check fails, and says what the domain has.
    dns.setTxt(VICTIM_DOMAIN, ['v=spf1 include:_spf.victim.test ~all']);
    const refused = await verify(attacker, districtId, VICTIM_DOMAIN);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: RECORD_NOT_FOUND, found: ['v=spf1 include:_spf.victim.test ~all'] });
    expect(await domainOf(attacker, districtId, VICTIM_DOMAIN)).toMatchObject({ verified: false, status: 'unverified' });
    const again = new CookieBrowser();
    expect(new URL((await again.follow(`${server.url}/api/auth/sso/start?email=${encodeURIComponent(vera.email)}`)).url).search).toBe('?sso=not-covered');
    expect(provider.discoveries()).toBe(0);
  });
});

describe('verifying a domain by its TXT record', () => {
  it('lists each domain with its own record, answers 409 with what the domain has until the record is there, then 200', async () => {
    const domain = unique('found');
    const { admin, districtId } = await districtListing([domain]);
    const record = await txtRecordOf(admin, districtId, domain);
    expect(record).toMatch(/^accommodate-domain-verification=[A-Za-z0-9_-]{22}$/);
    expect(await domainOf(admin, districtId, domain)).toEqual({ domain, verified: false, status: 'unverified', txtRecord: record });

    // Not found: the name has no records at all.
    expect((await verify(admin, districtId, domain)).body).toEqual({ message: RECORD_NOT_FOUND, found: [] });
    // A wrong value: another code (a typo, or another district's) is shown as there, never as its value.
    dns.setTxt(domain, ['v=spf1 -all', 'accommodate-domain-verification=wrong-code-from-elsewhere']);
    const wrong = await verify(admin, districtId, domain);
    expect(wrong.status).toBe(409);
    expect(wrong.body).toEqual({ message: RECORD_NOT_FOUND, found: ['v=spf1 -all', 'accommodate-domain-verification=… (not this district’s code)'] });
    expect(await discover(`ted@${domain}`)).toBe(false);

    // Found, among the domain's other records.
    dns.setTxt(domain, ['v=spf1 -all', record]);
    const verified = await verify(admin, districtId, domain);
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ verified: true });
    expect(await domainOf(admin, districtId, domain)).toEqual({ domain, verified: true, status: 'verified', txtRecord: record });
    expect(await discover(`ted@${domain}`)).toBe(true);
    // Checked again, it stays verified; a save that keeps the domain keeps its proof and its record.
    expect((await verify(admin, districtId, domain)).status).toBe(200);
    const resaved = await admin.put(`/api/districts/${districtId}/sso`, { issuer: 'https://idp.lakeside.example', clientId: 'c', emailDomains: [domain], required: true });
    expect(resaved.body.sso.domains).toEqual([{ domain, verified: true, status: 'verified', txtRecord: record }]);
  });

  it('is not found for a domain the district does not list, nor by anyone but the district’s admins', async () => {
    const domain = unique('listed');
    const { districtId, admin } = await districtListing([domain]);
    const stranger = await signedInTeacher(server.url, 'Sam Stranger');
    expect((await verify(stranger, districtId, domain)).status).toBe(404);
    expect((await verify(new TestClient(server.url), districtId, domain)).status).toBe(401);
    for (const other of ['unlisted.test', 'not a domain', '..%2F..', 'x'.repeat(300)]) expect((await verify(admin, districtId, other)).status).toBe(404);
  });

  it('says the DNS could not be asked when the domain’s servers fail, and proves nothing', async () => {
    const domain = unique('servfail');
    const { admin, districtId } = await districtListing([domain]);
    dns.setFailing(domain, true);
    const answer = await verify(admin, districtId, domain);
    expect(answer.status).toBe(503);
    expect(answer.body.message).toBe('The domain’s DNS could not be asked just now. Please try again in a few minutes.');
    expect(await domainOf(admin, districtId, domain)).toMatchObject({ verified: false });
  });
});

describe('a domain verified by one district', () => {
  it('cannot be claimed by another: listed beforehand or not, its check is refused until the first lets the domain go', async () => {
    const domain = unique('shared');
    const first = await districtListing([domain], 'First USD');
    // Unproved claims coexist: a second district lists the same domain, with a code of its own.
    const second = await districtListing([domain], 'Second USD');
    const [firstRecord, secondRecord] = [await txtRecordOf(first.admin, first.districtId, domain), await txtRecordOf(second.admin, second.districtId, domain)];
    expect(firstRecord).not.toBe(secondRecord);
    await proveDomain(first.admin, first.districtId, domain, dns);

    // Even with its own record published beside the first's, the second district is refused.
    dns.setTxt(domain, [firstRecord, secondRecord]);
    const refused = await verify(second.admin, second.districtId, domain);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(DOMAIN_TAKEN);
    // A third district cannot even list it.
    const third = await signedInTeacher(server.url, 'Thea Third');
    const thirdId = (await third.post('/api/districts', { name: 'Third USD' })).body.id as string;
    const listed = await third.put(`/api/districts/${thirdId}/sso`, { issuer: 'https://idp.third.example', clientId: 'c', clientSecret: 's', emailDomains: [domain] });
    expect(listed.status).toBe(400);
    expect(listed.body.errors).toEqual({ emailDomains: DOMAIN_TAKEN });

    // The first district drops the domain: the second proves it and takes it over.
    expect((await first.admin.put(`/api/districts/${first.districtId}/sso`, { issuer: 'https://idp.lakeside.example', clientId: 'c', emailDomains: [unique('other')] })).status).toBe(200);
    expect((await verify(second.admin, second.districtId, domain)).status).toBe(200);
    expect(await domainOf(second.admin, second.districtId, domain)).toMatchObject({ verified: true });
  });

  it('goes to one district only when two verify it at the same moment', async () => {
    const domain = unique('race');
    const [a, b] = [await districtListing([domain], 'Race A USD'), await districtListing([domain], 'Race B USD')];
    dns.setTxt(domain, [await txtRecordOf(a.admin, a.districtId, domain), await txtRecordOf(b.admin, b.districtId, domain)]);
    const answers = await Promise.all([verify(a.admin, a.districtId, domain), verify(b.admin, b.districtId, domain)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const verified = [await domainOf(a.admin, a.districtId, domain), await domainOf(b.admin, b.districtId, domain)];
    expect(verified.filter((each) => each?.verified === true)).toHaveLength(1);
  });
});

describe('the daily re-check of verified domains', () => {
  it('suspends a domain whose record is gone and tells the district’s admins; verified again, it covers its addresses again', async () => {
    const domain = unique('recheck');
    const { admin, districtId } = await districtListing([domain], 'Recheck USD');
    await proveDomain(admin, districtId, domain, dns);
    // The record is there: nothing changes.
    await recheckSsoDomains(server.context);
    expect(await domainOf(admin, districtId, domain)).toMatchObject({ verified: true, status: 'verified' });

    // The record is removed (the domain changed hands, or IT cleaned up).
    dns.setTxt(domain, ['v=spf1 -all']);
    const mail = await mailAfter(server.dataDir, admin.account.email, () => recheckSsoDomains(server.context), (message) => message.subject === `Single sign-on suspended for ${domain}`);
    expect(mail.text).toContain('Publish the TXT record shown in Settings, District, Single sign-on');
    expect(await domainOf(admin, districtId, domain)).toMatchObject({ verified: false, status: 'suspended' });
    expect(await discover(`ted@${domain}`)).toBe(false);
    const notices = (await admin.get('/api/notifications')).body as { title: string }[];
    expect(notices.filter((notice) => notice.title === `Single sign-on suspended for ${domain}`)).toHaveLength(1);
    // Another run tells nobody again.
    await recheckSsoDomains(server.context);
    expect(((await admin.get('/api/notifications')).body as { title: string }[]).filter((notice) => notice.title === `Single sign-on suspended for ${domain}`)).toHaveLength(1);

    await proveDomain(admin, districtId, domain, dns);
    expect(await domainOf(admin, districtId, domain)).toMatchObject({ verified: true, status: 'verified' });
    expect(await discover(`ted@${domain}`)).toBe(true);
  });

  it('leaves a domain whose DNS cannot be asked, and one the operator vouched for', async () => {
    const [failing, vouched] = [unique('unreachable'), unique('vouched')];
    const { admin, districtId } = await districtListing([failing, vouched], 'Vouched USD');
    const other = await districtListing([vouched], 'Other USD');
    await proveDomain(admin, districtId, failing, dns);
    dns.setFailing(failing, true);
    // The operator vouches where no record can be published; the district must list the domain.
    await vouchForDomain(server.context, { district: districtId, domain: vouched });
    await expect(vouchForDomain(server.context, { district: districtId, domain: unique('unlisted') })).rejects.toThrow('Domain not found');
    await expect.poll(async () => (await domainOf(admin, districtId, vouched))?.status).toBe('verified');

    await recheckSsoDomains(server.context);
    expect(await domainOf(admin, districtId, failing)).toMatchObject({ status: 'verified' });
    expect(await domainOf(admin, districtId, vouched)).toMatchObject({ status: 'verified' });
    // Nor can the operator hand a domain verified by one district to another.
    await expect(vouchForDomain(server.context, { district: other.districtId, domain: vouched })).rejects.toThrow(DOMAIN_TAKEN);
  });
});
