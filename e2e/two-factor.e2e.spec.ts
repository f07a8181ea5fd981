import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { seriousViolations } from './axe-violations.ts';
import { newAccount, signUp } from './account-fixtures.ts';

/** What the person's authenticator app shows, `ahead` 30-second steps from now (the server takes one step either side). */
const appCode = (secret: string, ahead = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: Date.now() + ahead * 30_000 });

async function signIn(page: Page, account: { email: string; password: string }, code: string) {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Enter the code from your authenticator app to finish signing in.')).toBeVisible();
  await page.getByLabel('Two-factor code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Signed in: the page leaves sign-in (for where the teacher was), and the session is the account's.
  await expect(page).not.toHaveURL(/\/login$/);
  expect(((await (await page.request.get('/api/auth/user')).json()) as { email: string }).email).toBe(account.email);
}

test('a teacher turns on two-factor sign-in, then signs in with a code from the app and with a recovery code', async ({ page }) => {
  // Three sign-ins, each hashing a password, and an accessibility scan.
  test.setTimeout(300_000);
  const account = await signUp(page.request, newAccount('Toni Twofactor', 'twofactor'));
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByRole('button', { name: 'Set Up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Two-factor sign-in' });
  await expect(dialog.getByRole('img', { name: 'QR code to add Accommodate to your authenticator app' })).toBeVisible();
  const secret = (await dialog.getByLabel('Set-up key').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.getByLabel('2. Enter the 6-digit code the app shows').fill('12');
  await dialog.getByRole('button', { name: 'Turn On' }).click();
  await expect(dialog.getByText('That code did not work. Check your authenticator app and try again.')).toBeVisible();
  await dialog.getByLabel('2. Enter the 6-digit code the app shows').fill(appCode(secret));
  await dialog.getByRole('button', { name: 'Turn On' }).click();
  const codes = dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCode = (await codes.first().textContent()) ?? '';
  await expect(dialog.getByRole('button', { name: 'Download as text' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('Signing in asks for your password and a code from your authenticator app.')).toBeVisible();

  await page.request.post('/api/auth/logout');
  await signIn(page, account, appCode(secret, 1));

  await page.request.post('/api/auth/logout');
  await signIn(page, account, recoveryCode);
});
