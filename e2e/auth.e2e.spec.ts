import { expect, test, type Browser } from '@playwright/test';
import { seriousViolations } from './axe-violations.ts';

// A unique address per run, so the test never collides with an account from an earlier run.
const email = `teacher-${Date.now()}@example.test`;
const password = 'correct horse battery';

test('a visitor registers, reaches the dashboard, signs out and signs back in', async ({ page }) => {
  await test.step('landing page', async () => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('504 accommodations');
    await expect(page.locator('#pricing')).toContainText('Premium');
    await page.getByRole('link', { name: 'Create a plan' }).click();
  });

  await test.step('register', async () => {
    await expect(page).toHaveURL(/\/register$/);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Full name is required')).toBeVisible();
    await page.getByLabel('Full Name').fill('Jamie Rivera');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
  });

  await test.step('dashboard', async () => {
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Welcome to /);
    await expect(page.getByText('Welcome back, Jamie')).toBeVisible();
    await expect(page.getByRole('button', { name: 'View Students' })).toBeVisible();
    await expect(page.getByText('Quick Start Guide')).toBeVisible();
  });

  await test.step('sign out', async () => {
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
  const account = { email: `two-devices-${Date.now()}@example.test`, password: 'correct horse battery' };
  expect((await laptop.request.post('/api/auth/register', { data: { name, ...account } })).status()).toBe(201);
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
