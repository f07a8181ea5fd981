import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { seriousViolations } from './axe-violations.ts';
import { linkMailedBy, newAccount, signUp } from './account-fixtures.ts';

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

  const password = dialog.getByLabel('3. Confirm with your password');
  await dialog.getByLabel('2. Enter the 6-digit code the app shows').fill('12');
  await password.fill(account.password);
  await dialog.getByRole('button', { name: 'Turn On' }).click();
  await expect(dialog.getByText('That code did not work. Check your authenticator app and try again.')).toBeVisible();
  // The password is asked too: a session left open is not enough to tie the account to someone else's phone.
  await dialog.getByLabel('2. Enter the 6-digit code the app shows').fill(appCode(secret));
  await password.fill('not the password');
  await dialog.getByRole('button', { name: 'Turn On' }).click();
  await expect(dialog.getByText('Password is incorrect')).toBeVisible();
  await password.fill(account.password);
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

test('after a password reset, sign-in still asks for the code; turning it off takes the password and a code', async ({ page }) => {
  test.setTimeout(300_000);
  const account = await signUp(page.request, newAccount('Reese Resetting', 'twofactor-reset'));
  const setup = (await (await page.request.post('/api/auth/2fa/setup')).json()) as { secret: string };
  const enabled = await page.request.post('/api/auth/2fa/enable', { data: { password: account.password, code: appCode(setup.secret) } });
  expect(enabled.status()).toBe(200);
  const [recoveryCode] = ((await enabled.json()) as { recoveryCodes: string[] }).recoveryCodes;
  await page.request.post('/api/auth/logout');

  const link = await linkMailedBy(account.email, '/reset-password', () => page.request.post('/api/auth/forgot-password', { data: { email: account.email } }));
  await page.goto(link);
  const newPassword = 'a fresh passphrase';
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  // The link alone proves the inbox, one factor: the person lands on sign-in, not in the app.
  await expect(page.getByText('Your new password is set. Sign in with it and a code from your authenticator app.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  await signIn(page, { email: account.email, password: newPassword }, appCode(setup.secret, 1));

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByRole('button', { name: 'Turn Off' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn off two-factor sign-in' });
  await dialog.getByLabel('Password').fill(newPassword);
  await dialog.getByLabel('Code from your authenticator app').fill('zzzz-zzzz-zzzz');
  await dialog.getByRole('button', { name: 'Turn Off' }).click();
  await expect(dialog.getByText('That code did not work. Check your authenticator app and try again.')).toBeVisible();
  // The app's next code is a step away; a recovery code does as well (a lost phone).
  await dialog.getByLabel('Code from your authenticator app').fill(recoveryCode ?? '');
  await dialog.getByRole('button', { name: 'Turn Off' }).click();
  await expect(page.getByText('Add an extra layer of security: signing in also asks for a code from an app on your phone.')).toBeVisible();
});
