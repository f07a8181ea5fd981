import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { newAccount, signUp } from './account-fixtures.ts';
import { checkedScreenshots } from './layout-checks.ts';
import { startTestProvider, type TestProvider } from '../command-api/src/testing/oidc-test-provider.ts';
import { startTestDns, type TestDns } from '../command-api/src/testing/dns-test-server.ts';
import { E2E_DNS_PORT } from './e2e-ports.ts';

// A district admin sets up single sign-on in Settings → District → Single sign-on and proves the district owns its
// e-mail domain with a TXT record (served by a DNS server this test runs), and a teacher invited to a school (pending,
// with no account) signs in for the first time through the district's provider, a real OpenID Provider
// (oidc-provider) started by this test on 127.0.0.1.

const shots = '.tmp/screens';
const domain = `sso-${randomUUID().slice(0, 8)}.test`;
let provider: TestProvider;
// The district's DNS, where its IT publishes the record that proves the domain is the district's.
let dns: TestDns;

test.beforeAll(async () => {
  dns = await startTestDns(E2E_DNS_PORT);
  const baseURL = String(test.info().project.use.baseURL);
  provider = await startTestProvider({
    users: { tess: { email: `tess@${domain}`, name: 'Tess Teacher' } },
    clients: [{ clientId: 'accommodate-e2e', clientSecret: 'e2e-client-secret', redirectUris: [`${baseURL}/api/auth/sso/callback`] }],
  });
});
test.afterAll(async () => {
  await provider.close();
  await dns.close();
});

test('a district admin configures single sign-on and proves the district owns its domain with a DNS record', async ({ browser }) => {
  // Configuring, three checks of the domain and two pairs of screenshots, on a machine that may be busy.
  test.setTimeout(180_000);
  const domain = `sso-settings-${randomUUID().slice(0, 8)}.test`;
  const admin = await (await browser.newContext()).newPage();
  await signUp(admin.request, newAccount('Dana District', 'sso'));
  await admin.request.post('/api/districts', { data: { name: 'Lakeside USD' } });

  // Settings → District → Single sign-on: a preset fills in the issuer; this district's provider is another one.
  await admin.goto('/settings');
  await admin.getByRole('tab', { name: 'District' }).click();
  const signIn = admin.locator('.district-sign-in');
  await expect(signIn.getByLabel('Issuer URL')).toHaveValue('https://accounts.google.com');
  await signIn.getByLabel('Provider').click();
  await admin.locator('.ant-select-dropdown:visible').getByTitle('Microsoft Entra ID', { exact: true }).click();
  await expect(signIn.getByLabel('Issuer URL')).toHaveValue('https://login.microsoftonline.com/{tenant}/v2.0');
  await signIn.getByLabel('Provider').click();
  await admin.locator('.ant-select-dropdown:visible').getByTitle('Another OpenID Connect provider', { exact: true }).click();
  await signIn.getByLabel('Issuer URL').fill(provider.issuer);
  await signIn.getByLabel('Client ID').fill('accommodate-e2e');
  await signIn.getByRole('button', { name: 'Save sign-in' }).click();
  await expect(signIn.getByText('Please enter e-mail domains such as district.org')).toBeVisible();
  await signIn.getByLabel('E-mail domains').fill(domain);
  await signIn.getByRole('button', { name: 'Save sign-in' }).click();
  await expect(signIn.getByText('Client secret is required')).toBeVisible();
  await signIn.getByLabel('Client secret').fill('e2e-client-secret');
  await signIn.getByRole('button', { name: 'Save sign-in' }).click();
  await expect(signIn.getByText('A secret is saved. Leave this empty to keep it.')).toBeVisible();
  await expect(signIn.getByLabel('Client secret')).toHaveValue('');

  // The domain covers nothing yet: its addresses are asked for a password until the district proves the domain.
  const row = admin.locator(`.sso-domain[data-domain="${domain}"]`);
  await expect(row.getByText('Not verified', { exact: true })).toBeVisible();
  const record = (await row.locator('.sso-domain__record code').textContent()) ?? '';
  expect(record).toMatch(/^accommodate-domain-verification=/);
  const early = await (await browser.newContext()).newPage();
  await early.goto('/login');
  await early.getByLabel('Email Address').fill(`tess@${domain}`);
  await early.getByLabel('Email Address').blur();
  await expect(early.getByLabel('Password')).toBeVisible();
  // Verify before the record is published: the check says what the domain has.
  await row.getByRole('button', { name: 'Verify' }).click();
  await expect(row.getByRole('alert')).toContainText('The verification record was not found in the domain’s DNS.');
  await expect(row.getByRole('alert')).toContainText(`No TXT records were found at ${domain}.`);
  // IT published it with a typo, beside the domain's mail record.
  dns.setTxt(domain, ['v=spf1 include:_spf.google.com ~all', `${record.slice(0, -2)}xx`]);
  await row.getByRole('button', { name: 'Verify' }).click();
  await expect(row.getByRole('alert')).toContainText('v=spf1 include:_spf.google.com ~all');
  await expect(row.getByRole('alert')).toContainText('accommodate-domain-verification=… (not this district’s code)');
  // The pointer is left on Verify: its hover colour (mid-transition when axe reads it) is not what a reader meets.
  await admin.mouse.move(0, 0);
  await checkedScreenshots(admin, shots, 'settings-district-sign-in', { axeAtPhoneWidth: true });
  // The record as shown, copied and published: verified.
  dns.setTxt(domain, ['v=spf1 include:_spf.google.com ~all', record]);
  await row.getByRole('button', { name: 'Verify' }).click();
  await expect(admin.getByText('Domain verified')).toBeVisible();
  await expect(row.getByText('Verified', { exact: true })).toBeVisible();
  await expect(row.getByRole('alert')).toHaveCount(0);
  await admin.mouse.move(0, 0);
  await checkedScreenshots(admin, shots, 'settings-district-sign-in-verified', { axeAtPhoneWidth: true });
});

test('a pending teacher signs in through the provider with their school role once the domain is verified, until single sign-on is turned off', async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await (await browser.newContext()).newPage();
  await signUp(admin.request, newAccount('Dana District', 'sso'));
  const districtId = ((await (await admin.request.post('/api/districts', { data: { name: 'Lakeside USD' } })).json()) as { id: string }).id;
  const schoolId = ((await (await admin.request.post(`/api/districts/${districtId}/schools`, { data: { name: 'Lakeside Middle' } })).json()) as { id: string }).id;
  expect((await admin.request.post(`/api/schools/${schoolId}/staff`, { data: { email: `tess@${domain}`, role: 'teacher' } })).status()).toBe(201);
  // Configured and proved as the test above does in the browser.
  const form = { issuer: provider.issuer, clientId: 'accommodate-e2e', clientSecret: 'e2e-client-secret', emailDomains: [domain] };
  const saved = (await (await admin.request.put(`/api/districts/${districtId}/sso`, { data: form })).json()) as { sso: { domains: { txtRecord: string }[] } };
  dns.setTxt(domain, saved.sso.domains.map((each) => each.txtRecord));
  expect((await admin.request.post(`/api/districts/${districtId}/sso/domains/${domain}/verify`)).status()).toBe(200);

  // Tess has never had an account: the sign-in page sends her address's domain to the district's provider.
  const tess = await (await browser.newContext()).newPage();
  await tess.goto('/login');
  await tess.getByLabel('Email Address').fill(`tess@${domain}`);
  await tess.getByLabel('Email Address').blur();
  await expect(tess.getByRole('button', { name: 'Continue with district sign-in' })).toBeVisible();
  await expect(tess.getByLabel('Password')).toHaveCount(0);
  await checkedScreenshots(tess, shots, 'sign-in-sso', { axeAtPhoneWidth: true });
  await tess.getByRole('button', { name: 'Continue with district sign-in' }).click();

  await expect(tess.getByRole('heading', { name: 'Test district sign-in' })).toBeVisible();
  expect(tess.url()).not.toContain('tess');
  await tess.getByLabel('Login').fill('tess');
  await tess.getByRole('button', { name: 'Sign in to the district' }).click();

  // Back in the app, signed in, with her school and her role there.
  await expect(tess).not.toHaveURL(/\/login/);
  await tess.goto('/settings');
  await tess.getByRole('tab', { name: 'School' }).click();
  const card = tess.locator('.school-card').filter({ has: tess.getByRole('heading', { name: 'Lakeside Middle' }) });
  await expect(card.locator('.school-card__role')).toHaveText('Teacher');

  // The admin turns single sign-on off: the domain's addresses are asked for a password again.
  await admin.goto('/settings');
  await admin.getByRole('tab', { name: 'District' }).click();
  await admin.getByRole('button', { name: 'Turn off single sign-on' }).click();
  await admin.getByRole('button', { name: 'Turn off', exact: true }).click();
  await expect(admin.getByText('Single sign-on turned off')).toBeVisible();
  const later = await (await browser.newContext()).newPage();
  await later.goto('/login');
  await later.getByLabel('Email Address').fill(`tess@${domain}`);
  await later.getByLabel('Email Address').blur();
  await expect(later.getByLabel('Password')).toBeVisible();
});

test('the sign-in page keeps password sign-in for other addresses, and says why a single sign-on came back', async ({ page }) => {
  await page.goto('/login?sso=expired');
  await expect(page.getByRole('alert')).toContainText('Your single sign-on took too long or was started in another browser.');
  await page.getByLabel('Email Address').fill('someone@example.com');
  await page.getByLabel('Email Address').blur();
  await expect(page.getByLabel('Password')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
});
