import { expect, test, type Browser } from '@playwright/test';
import { seriousViolations } from './axe-violations.ts';
import { linkMailedBy, newAccount, signUp } from './account-fixtures.ts';

// A unique address per run, so the test never collides with an account from an earlier run.
const email = `teacher-${Date.now()}@example.test`;
const password = 'correct horse battery';

test('a visitor registers, verifies the address from the e-mail, signs out and signs back in', async ({ page }) => {
  await test.step('landing page', async () => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('504 accommodations');
    await expect(page.locator('#pricing')).toContainText('Premium');
    await page.getByRole('link', { name: 'Create a plan' }).click();
  });

  await test.step('register: no session yet, a link in the mail', async () => {
    await expect(page).toHaveURL(/\/register$/);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Full name is required')).toBeVisible();
    await page.getByLabel('Full Name').fill('Jamie Rivera');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeFocused();
    await expect(page.getByText(email)).toBeVisible();
  });

  await test.step('signed in before verifying: the dashboard, with the banner', async () => {
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Welcome to /);
    await expect(page.getByText('Welcome back, Jamie')).toBeVisible();
    await expect(page.getByRole('button', { name: 'View Students' })).toBeVisible();
    await expect(page.getByText('Quick Start Guide')).toBeVisible();
    await expect(page.getByText('Please verify your e-mail address. Until you do, students shared with you will not appear.')).toBeVisible();
  });

  let link = '';
  await test.step('resend the link from the banner, then sign out', async () => {
    link = await linkMailedBy(email, '/verify-email', async () => {
      await page.getByRole('button', { name: 'Resend verification e-mail' }).click();
      await expect(page.getByText('Verification E-mail Sent')).toBeVisible();
    });
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('link', { name: 'Create a plan' })).toBeVisible();
  });

  await test.step('follow the link from the e-mail: sign in there, and the address is verified', async () => {
    expect(link).toMatch(/\/verify-email#token=/);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to verify your e-mail address' })).toBeVisible();
    // The token left the address bar once read.
    expect(new URL(page.url()).hash).toBe('');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your e-mail address is verified' })).toBeVisible();
    await page.getByRole('button', { name: 'Go to your students' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Students' })).toBeVisible();
    await expect(page.getByText('Please verify your e-mail address.')).toHaveCount(0);
  });

  await test.step('sign out', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('link', { name: 'Create a plan' })).toBeVisible();
    // Signed-in pages now send the visitor to sign in.
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login$/);
  });

  await test.step('a wrong password shows the server message', async () => {
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  });

  await test.step('sign in returns to the page that asked for it', async () => {
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  });
});

test('a teacher who forgot the password resets it from the e-mail and is signed in', async ({ page }) => {
  const account = await signUp(page.request, newAccount('Robin Reset', 'reset'));
  await page.request.post('/api/auth/logout');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email Address').fill(account.email);
  const link = await linkMailedBy(account.email, '/reset-password', async () => {
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible();
  });

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('a fresh passphrase');
  await page.getByLabel('Confirm New Password').fill('something else');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm New Password').fill('a fresh passphrase');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password Updated')).toBeVisible();
  await expect(page.getByText('Welcome back, Robin')).toBeVisible();

  // The link was single-use; the new password is the one that works.
  await page.goto(link);
  await page.getByLabel('New Password', { exact: true }).fill('yet another passphrase');
  await page.getByLabel('Confirm New Password').fill('yet another passphrase');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toContainText('This link is invalid or has expired');
  expect((await page.request.post('/api/auth/login', { data: { email: account.email, password: 'a fresh passphrase' } })).status()).toBe(200);
});

test('a new e-mail in Settings needs the password, and counts once the link sent to it is followed', async ({ page }) => {
  const account = await signUp(page.request, newAccount('Morgan Mover', 'mover'));
  const moved = `moved-${Date.now()}@example.test`;
  await page.goto('/settings');
  await expect(page.getByLabel('Current Password')).toHaveCount(0);
  await page.getByLabel('Email Address').fill(moved);
  await expect(page.getByLabel('Current Password')).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Current password is required').first()).toBeVisible();

  await page.getByLabel('Current Password').fill(account.password);
  const link = await linkMailedBy(moved, '/verify-email', async () => {
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText(`We sent a link to ${moved}. Open it to verify your new address.`)).toBeVisible();
  });
  await expect(page.getByLabel('Current Password')).toHaveCount(0);
  await expect(page.getByText('Please verify your e-mail address.')).toBeVisible();

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Your e-mail address is verified' })).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByLabel('Email Address')).toHaveValue(moved);
  await expect(page.getByText('Please verify your e-mail address.')).toHaveCount(0);
});

test('the landing page sign-in goes to the sign-in page', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
});

test('an unknown address shows the not-found screen', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
});

/**
 * One account signed in on a laptop and on a phone (a browser context each, so each has its own cookies), with the
 * phone's students page open.
 */
async function signedInOnTwoDevices(browser: Browser, name: string) {
  const laptop = await (await browser.newContext()).newPage();
  const phone = await (await browser.newContext()).newPage();
  const { email, password } = await signUp(laptop.request, newAccount(name, 'two-devices'));
  const account = { email, password };
  expect((await phone.request.post('/api/auth/login', { data: account })).status()).toBe(200);
  await phone.goto('/students');
  await expect(phone.getByRole('heading', { level: 1, name: 'Students' })).toBeVisible();
  await laptop.goto('/settings');
  await laptop.getByRole('tab', { name: 'Security' }).click();
  return { laptop, phone, account, close: () => Promise.all([laptop.context().close(), phone.context().close()]) };
}

test('a password changed on one device sends the other device’s open page to sign-in at once', async ({ browser }) => {
  const { laptop, phone, account, close } = await signedInOnTwoDevices(browser, 'Dana Devices');
  await laptop.getByLabel('Current Password').fill(account.password);
  await laptop.getByLabel('New Password', { exact: true }).fill('an even longer passphrase');
  await laptop.getByLabel('Confirm New Password').fill('an even longer passphrase');
  await laptop.getByRole('button', { name: 'Update Password' }).click();
  await expect(laptop.getByText('Password Updated')).toBeVisible();

  // No click on the phone: its socket is closed by the server, and the page notices.
  await expect(phone).toHaveURL(/\/login$/);
  await expect(laptop).toHaveURL(/\/settings$/);
  await close();
});

test('Settings lists where the account is signed in, and signing the other device out sends its page to sign-in', async ({ browser }) => {
  const { laptop, phone, account, close } = await signedInOnTwoDevices(browser, 'Sid Sessions');
  await laptop.getByRole('button', { name: 'View Sessions' }).click();
  const dialog = laptop.getByRole('dialog', { name: 'Active Sessions' });
  const sessions = dialog.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
  await expect(sessions).toHaveCount(2);
  await expect(sessions.first()).toContainText('Chrome on Linux');
  await expect(sessions.first()).toContainText('This device');
  await expect(sessions.filter({ hasText: 'This device' })).toHaveCount(1);
  expect(await seriousViolations(laptop)).toEqual([]);

  await sessions.filter({ hasNotText: 'This device' }).getByRole('button', { name: /^Sign out/ }).click();
  await expect(laptop.getByText('Session signed out')).toBeVisible();
  await expect(sessions).toHaveCount(1);
  const closeButton = dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' });
  await expect(closeButton).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Sign out all other sessions' })).toBeDisabled();
  await expect(phone).toHaveURL(/\/login$/);

  // Opened again later, the list is asked afresh: a sign-in since then is on it.
  await closeButton.click();
  const tablet = await browser.newContext();
  expect((await tablet.request.post('/api/auth/login', { data: account })).status()).toBe(200);
  await laptop.getByRole('button', { name: 'View Sessions' }).click();
  await expect(sessions).toHaveCount(2);
  await tablet.close();
  await close();
});
