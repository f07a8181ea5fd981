import { expect, test } from '@playwright/test';
import { signUpTeacher } from './caseload-fixtures.ts';
import { seriousViolations } from './axe-violations.ts';

// A session ends after 30 minutes without the person's own request. The browser's clock is moved forward
// here (Playwright's clock, in the test only); the server's runs as it does, so the session itself is still alive
// whenever the page is asked to act. The timing rules are unit-tested in ui/src/lib/session-idle-clock.unit.spec.ts,
// the server's limit in command-api/src/auth/session-idle.int.spec.ts.

test.beforeEach(async ({ page }) => {
  await page.clock.install();
  await signUpTeacher(page);
  await page.goto('/students');
  await expect(page.getByRole('heading', { name: 'Students', level: 1 })).toBeVisible();
});

test('two minutes before the end, "Stay signed in" keeps the session; unanswered, the sign-in page says why', async ({ page }) => {
  await page.clock.fastForward('27:00');
  const dialog = page.getByRole('dialog', { name: 'Stay signed in?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('you will be signed out in');
  await expect(dialog.getByTestId('idle-time-left')).toHaveText(/^[12]:\d\d$/);
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Students', level: 1 })).toBeVisible();

  // Another 27 minutes without a request bring it back; this time nobody answers.
  await page.clock.fastForward('27:00');
  await expect(dialog).toBeVisible();
  await page.clock.fastForward('02:00');
  await expect(page.getByText('You were signed out after 30 minutes without activity.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // The address says nothing about the person, and the session is over on the server too.
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/login');
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);

  // Said once: the next visit to the sign-in page is a plain one.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByText('You were signed out after 30 minutes without activity.')).toBeHidden();
});

test('"Sign out" in the dialog signs out at once', async ({ page }) => {
  await page.clock.fastForward('27:00');
  const dialog = page.getByRole('dialog', { name: 'Stay signed in?' });
  await dialog.getByRole('button', { name: 'Sign out' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});
