import { test, type Page } from '@playwright/test';
import { outDir, widths } from './look-book.ts';
import { linkMailedBy, newAccount, signUp, signUpUnverified } from './account-fixtures.ts';

// A look-book, not a test: `SCREENSHOTS=1 npx playwright test` saves full-page PNGs of
// each screen at desktop and phone widths to .tmp/screens for a human to review.

async function shoot(page: Page, path: string, name: string) {
  const response = await page.goto(path);
  // A look-book of error pages would pass for a look-book.
  if (!response?.ok()) throw new Error(`${path} answered ${response?.status() ?? 'nothing'}`);
  await shootHere(page, name);
}

/** The page as it is now (after steps that a plain visit would not reproduce), at each width. */
async function shootHere(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  for (const size of widths) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${outDir}/${name}-${size.name}.png`, fullPage: true });
    if (size.name === 'mobile') {
      // Tall phone pages are unreadable when scaled down whole: also save them in screen-sized slices.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let part = 0; part * 1200 < height && part < 5; part += 1) {
        const clip = { x: 0, y: part * 1200, width: size.width, height: Math.min(1200, height - part * 1200) };
        await page.screenshot({ path: `${outDir}/${name}-${size.name}-part${part + 1}.png`, fullPage: true, clip });
      }
    }
  }
}

test('signed-out screens', async ({ page }) => {
  await shoot(page, '/', 'landing');
  await shoot(page, '/login', 'login');
  await shoot(page, '/register', 'register');
  await shoot(page, '/terms', 'terms');
  await shoot(page, '/privacy', 'privacy');
  await shoot(page, '/contact', 'contact');
  await shoot(page, '/nowhere', 'not-found');
});

test('signed-in screens', async ({ page }) => {
  await signUp(page.request, newAccount('Jamie Rivera', 'shots'));
  await shoot(page, '/', 'dashboard');
  await shoot(page, '/settings', 'settings');
  await shoot(page, '/upgrade', 'upgrade');
  await shoot(page, '/notifications', 'notifications');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/students');
  await page.getByRole('button', { name: 'Open menu' }).click();
  // The drawer's code loads on first opening: wait for it, then for its slide-in to finish.
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${outDir}/mobile-menu-mobile.png` });
});

test('account screens: verification and password reset', async ({ page }) => {
  await shoot(page, '/forgot-password', 'forgot-password');
  await shoot(page, '/verify-email', 'verify-email-invalid');
  const registered = newAccount('Jamie Rivera', 'shots');
  await page.goto('/register');
  await page.getByLabel('Full Name').fill(registered.name);
  await page.getByLabel('Email Address').fill(registered.email);
  await page.getByLabel('Password').fill(registered.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
  await shootHere(page, 'register-check-email');

  const account = newAccount('Jamie Rivera', 'shots');
  const token = await signUpUnverified(page.request, account);
  await page.goto('/students');
  await page.getByText('Please verify your e-mail address.').waitFor();
  await shootHere(page, 'verify-email-banner');
  await page.goto(`/verify-email#token=${token}`);
  await page.getByRole('heading', { name: 'Your e-mail address is verified' }).waitFor();
  await shootHere(page, 'verify-email-done');

  const reset = await linkMailedBy(account.email, '/reset-password', () => page.request.post('/api/auth/forgot-password', { data: { email: account.email } }));
  await page.request.post('/api/auth/logout');
  await page.goto(reset);
  await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
  await shootHere(page, 'reset-password');
});
