import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSO_REQUIRED } from '@accommodate/shared-events/schemas/district-sso';
import { signedInTeacher, testServerForFile, TestClient } from '../../testing/test-server.ts';
import { startTestProvider, type TestProvider } from '../../testing/oidc-test-provider.ts';
import { CookieBrowser } from '../../testing/cookie-browser.ts';
import { linkMailedAfter } from '../../testing/outbox-mail.ts';
import { startTestDns } from '../../testing/dns-test-server.ts';
import { proveDomain } from '../../testing/sso-domains.ts';
import { setUpAsUnprovedHolder } from '../../testing/squatted-account.ts';

// Single sign-on against a real OpenID Provider (oidc-provider) started here; no endpoint is mocked. The
// district proves its domain with a TXT record served by a DNS server of the test's own.
const dns = await startTestDns();
const server = testServerForFile({ DNS_SERVERS: dns.server });
const DOMAIN = 'sso-lakeside.test';
const SECRET = 'right-client-secret';
let provider: TestProvider;
let admin: Awaited<ReturnType<typeof signedInTeacher>>;
let districtId = '';
let schoolId = '';

const configure = (overrides: Record<string, unknown> = {}) =>
  admin.put(`/api/districts/${districtId}/sso`, { issuer: provider.issuer, clientId: 'accommodate', clientSecret: SECRET, emailDomains: [DOMAIN], required: false, ...overrides });

/** The sign-in page's "Continue" for `email`, the provider's login form for `login`, and back: where the browser lands. */
async function signIn(browser: CookieBrowser, email: string, login: string): Promise<URL> {
  const atProvider = await browser.follow(`${server.url}/api/auth/sso/start?email=${encodeURIComponent(email)}`);
  const page = new URL(atProvider.url);
  if (page.origin !== provider.issuer) return page;
  expect(await atProvider.response.text()).toContain('Test district sign-in');
  return new URL((await browser.follow(`${page.href}/login`, { method: 'POST', form: { login } })).url);
}

const meOf = (browser: CookieBrowser) => {
  const client = new TestClient(server.url);
  const sid = browser.cookie(server.url, 'sid');
  client.cookie = sid ? `sid=${sid}` : null;
  return client;
};

beforeAll(async () => {
  provider = await startTestProvider({
    users: {
      tess: { email: `tess@${DOMAIN}`, name: 'Tess Teacher' },
      una: { email: `una@${DOMAIN}`, emailVerified: false },
      otto: { email: 'otto@elsewhere.test' },
      pat: { email: `pat@${DOMAIN}`, name: 'Pat Password' },
      vic: { email: `vic@${DOMAIN}`, name: 'Vic Vice' },
      sam: { email: `sam@${DOMAIN}`, name: 'Sam Owner' },
    },
    clients: [
      { clientId: 'accommodate', clientSecret: SECRET, redirectUris: [`${server.url}/api/auth/sso/callback`] },
      { clientId: 'another-app', clientSecret: 'another-secret', redirectUris: [`${server.url}/api/auth/sso/callback`] },
    ],
  });
  admin = await signedInTeacher(server.url, 'Dana District');
  districtId = (await admin.post('/api/districts', { name: 'Lakeside USD' })).body.id as string;
  schoolId = (await admin.post(`/api/districts/${districtId}/schools`, { name: 'Lakeside Middle' })).body.id as string;
  expect((await configure()).status).toBe(200);
  await proveDomain(admin, districtId, DOMAIN, dns);
});
afterAll(async () => {
  await provider.close();
  await dns.close();
});

describe('single sign-on with the district’s OpenID provider', () => {
  it('clears what a squatter of the address set up when its owner first signs in through the provider', async () => {
    // Someone registered the owner's address before the owner did, signed in, and set up two-factor and a feed.
    const email = `sam@${DOMAIN}`;
    const squatter = new TestClient(server.url);
    const password = 'squatter password';
    await squatter.post('/api/auth/register', { name: 'Not The Owner', email, password });
    const userId = (await squatter.post('/api/auth/login', { email, password })).body.id as string;
    const feed = await setUpAsUnprovedHolder(server.context, userId);
    expect((await new TestClient(server.url).get(feed)).status).toBe(200);

    const browser = new CookieBrowser();
    expect((await signIn(browser, email, 'sam')).href).toBe(`${server.url}/`);
    const owner = meOf(browser);
    expect((await owner.get('/api/auth/me')).body).toMatchObject({ id: userId, email, emailVerified: true });
    // The squatter's two-factor set-up and its recovery codes, their feed and their sessions are gone.
    expect((await owner.get('/api/auth/2fa')).body).toEqual({ enabled: false });
    expect((await new TestClient(server.url).get(feed)).status).toBe(404);
    expect((await squatter.get('/api/auth/me')).status).toBe(401);
    // Nor does the squatter's password still sign in with the proved address.
    expect((await new TestClient(server.url).post('/api/auth/login', { email, password })).status).toBe(401);
  });

  it('tells the sign-in page which domains sign in with a provider, in the same shape for any address', async () => {
    const anonymous = new TestClient(server.url);
    expect((await anonymous.get(`/api/auth/sso/discover?email=someone@${DOMAIN.toUpperCase()}`)).body).toEqual({ sso: true });
    expect((await anonymous.get('/api/auth/sso/discover?email=someone@unknown.test')).body).toEqual({ sso: false });
  });

  it('signs a pending staff member in through the provider: a new account with no password, verified, with their school role', async () => {
    expect((await admin.post(`/api/schools/${schoolId}/staff`, { email: `tess@${DOMAIN}`, role: 'teacher' })).body).toMatchObject({ status: 'pending' });
    const browser = new CookieBrowser();
    const landed = await signIn(browser, `tess@${DOMAIN}`, 'tess');
    expect(landed.href).toBe(`${server.url}/`);
    const tess = meOf(browser);
    expect((await tess.get('/api/auth/me')).body).toMatchObject({ email: `tess@${DOMAIN}`, name: 'Tess Teacher', emailVerified: true });
    expect((await tess.get('/api/schools')).body).toEqual([{ id: schoolId, name: 'Lakeside Middle', districtId, role: 'teacher' }]);
    // The address went no further than the first hop, and no password was ever set.
    expect(browser.visited.slice(1).filter((url) => url.includes('tess') || url.includes(encodeURIComponent('@')))).toEqual([]);
    expect((await new TestClient(server.url).post('/api/auth/login', { email: `tess@${DOMAIN}`, password: 'anything at all' })).status).toBe(401);
    // A second sign-in finds the same account.
    const again = new CookieBrowser();
    expect((await signIn(again, `tess@${DOMAIN}`, 'tess')).pathname).toBe('/');
    expect((await meOf(again).get('/api/auth/me')).body.id).toBe((await tess.get('/api/auth/me')).body.id);
  });

  it('takes over an address someone registered with a password but never proved: the password goes', async () => {
    const squatter = new TestClient(server.url);
    expect((await squatter.post('/api/auth/register', { name: 'Not Pat', email: `pat@${DOMAIN}`, password: 'squatter password' })).status).toBe(202);
    expect((await squatter.post('/api/auth/login', { email: `pat@${DOMAIN}`, password: 'squatter password' })).status).toBe(200);
    const browser = new CookieBrowser();
    expect((await signIn(browser, `pat@${DOMAIN}`, 'pat')).pathname).toBe('/');
    expect((await meOf(browser).get('/api/auth/me')).body).toMatchObject({ email: `pat@${DOMAIN}`, emailVerified: true });
    expect((await squatter.get('/api/auth/me')).status).toBe(401);
    expect((await new TestClient(server.url).post('/api/auth/login', { email: `pat@${DOMAIN}`, password: 'squatter password' })).status).toBe(401);
  });

  it('refuses password sign-in, and a reset link’s sign-in, for the domains of a district that requires single sign-on', async () => {
    // Rita had a password account before the district required single sign-on, and a reset link in her inbox.
    const rita = new TestClient(server.url);
    const { password } = await rita.register('Rita Reset', `rita@${DOMAIN}`);
    const token = await linkMailedAfter(server.dataDir, `rita@${DOMAIN}`, '/reset-password', () => rita.post('/api/auth/forgot-password', { email: `rita@${DOMAIN}` }));
    expect((await configure({ clientSecret: '', required: true })).status).toBe(200);
    for (const email of [`tess@${DOMAIN}`, `rita@${DOMAIN}`]) {
      const refused = await new TestClient(server.url).post('/api/auth/login', { email, password });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ message: SSO_REQUIRED, sso: true });
    }
    const reset = await new TestClient(server.url).post('/api/auth/reset-password', { token, newPassword: 'a new password', confirmPassword: 'a new password' });
    expect(reset.status).toBe(403);
    expect(reset.headers.get('set-cookie')).toBeNull();
    expect((await admin.post('/api/auth/login', { email: admin.account.email, password: admin.account.password })).status).toBe(200);
    expect((await configure({ clientSecret: '', required: false })).status).toBe(200);
  });

  it('lets an account made by single sign-on ask for a password by a link to its address, while the district does not require SSO', async () => {
    const browser = new CookieBrowser();
    expect((await signIn(browser, `vic@${DOMAIN}`, 'vic')).pathname).toBe('/');
    const vicId = (await meOf(browser).get('/api/auth/me')).body.id as string;
    const anonymous = new TestClient(server.url);
    const token = await linkMailedAfter(server.dataDir, `vic@${DOMAIN}`, '/reset-password', () => anonymous.post('/api/auth/forgot-password', { email: `vic@${DOMAIN}` }));
    expect((await anonymous.post('/api/auth/reset-password', { token, newPassword: 'vic chose this', confirmPassword: 'vic chose this' })).status).toBe(200);
    const login = await new TestClient(server.url).post('/api/auth/login', { email: `vic@${DOMAIN}`, password: 'vic chose this' });
    expect(login.status).toBe(200);
    expect(login.body.id).toBe(vicId);
  });

  it.each([
    ['a domain no district covers', 'nobody@unknown.test', 'tess', 'not-covered'],
    ['an address the provider did not verify', `una@${DOMAIN}`, 'una', 'unverified'],
    ['an address outside the district’s domains, vouched for by its provider', `tess@${DOMAIN}`, 'otto', 'not-covered'],
  ])('lands on the sign-in page with a message, and no session, for %s', async (_case, email, login, code) => {
    const browser = new CookieBrowser();
    const landed = await signIn(browser, email, login);
    expect(`${landed.pathname}${landed.search}`).toBe(`/login?sso=${code}`);
    expect(browser.cookie(server.url, 'sid')).toBeUndefined();
  });

  it('refuses the answer when the client secret is wrong, and when the code was issued to another client', async () => {
    expect((await configure({ clientSecret: 'wrong-secret' })).status).toBe(200);
    const wrongSecret = new CookieBrowser();
    expect((await signIn(wrongSecret, `tess@${DOMAIN}`, 'tess')).search).toBe('?sso=failed');
    expect(wrongSecret.cookie(server.url, 'sid')).toBeUndefined();
    expect((await configure()).status).toBe(200);

    // The browser is at the provider when the district switches to another client: the code is not that client's.
    const browser = new CookieBrowser();
    const atProvider = await browser.follow(`${server.url}/api/auth/sso/start?email=${encodeURIComponent(`tess@${DOMAIN}`)}`);
    expect((await configure({ clientId: 'another-app', clientSecret: 'another-secret' })).status).toBe(200);
    expect(new URL((await browser.follow(`${atProvider.url}/login`, { method: 'POST', form: { login: 'tess' } })).url).search).toBe('?sso=failed');
    expect(browser.cookie(server.url, 'sid')).toBeUndefined();
    expect((await configure()).status).toBe(200);
  });

  it('refuses a callback without its transaction (another browser, or one replayed) as expired', async () => {
    const browser = new CookieBrowser();
    await signIn(browser, `tess@${DOMAIN}`, 'tess');
    const callback = browser.visited.find((url) => url.startsWith(`${server.url}/api/auth/sso/callback`));
    expect(callback).toBeDefined();
    for (const replaying of [browser, new CookieBrowser()]) {
      const answer = await replaying.request(callback!);
      expect(answer.headers.get('location')).toBe('/login?sso=expired');
    }
  });
});

describe('a provider that gives the address at its userinfo endpoint only', () => {
  it('signs the person in with the address the userinfo endpoint verifies for the same subject, discovering the issuer once', async () => {
    const domain = 'userinfo-district.test';
    const small = await startTestProvider({
      users: { uri: { email: `uri@${domain}`, name: 'Uri Userinfo' } },
      clients: [{ clientId: 'accommodate', clientSecret: SECRET, redirectUris: [`${server.url}/api/auth/sso/callback`] }],
      emailInIdToken: false,
    });
    try {
      const other = await signedInTeacher(server.url, 'Olga Other');
      const otherId = (await other.post('/api/districts', { name: 'Userinfo USD' })).body.id as string;
      const form = { issuer: small.issuer, clientId: 'accommodate', clientSecret: SECRET, emailDomains: [domain] };
      expect((await other.put(`/api/districts/${otherId}/sso`, form)).status).toBe(200);
      await proveDomain(other, otherId, domain, dns);
      const browser = new CookieBrowser();
      const atProvider = await browser.follow(`${server.url}/api/auth/sso/start?email=${encodeURIComponent(`uri@${domain}`)}`);
      expect(new URL(atProvider.url).origin).toBe(small.issuer);
      expect(new URL((await browser.follow(`${atProvider.url}/login`, { method: 'POST', form: { login: 'uri' } })).url).pathname).toBe('/');
      expect((await meOf(browser).get('/api/auth/me')).body).toMatchObject({ email: `uri@${domain}`, name: 'Uri Userinfo' });
      // Discovery is per issuer, not per sign-in.
      const again = new CookieBrowser();
      const back = await again.follow(`${server.url}/api/auth/sso/start?email=${encodeURIComponent(`uri@${domain}`)}`);
      expect(new URL((await again.follow(`${back.url}/login`, { method: 'POST', form: { login: 'uri' } })).url).pathname).toBe('/');
      expect(small.discoveries()).toBe(1);
    } finally {
      await small.close();
    }
  });
});
