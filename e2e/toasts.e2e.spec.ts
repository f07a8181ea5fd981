import { expect, test, type Page } from '@playwright/test';
import { signUpTeacher } from './caseload-fixtures.ts';
import { seriousViolations } from './axe-violations.ts';

// Spec sections 4 and 9: one toast at a time, 5000 ms, paused on hover or focus; swipe right 50 px, Escape or the
// close button dismiss it; F8 reaches it. The page's clock is faked so that "5 s later" takes no time.
test.beforeEach(async ({ page }) => {
  await page.clock.install();
  await signUpTeacher(page);
  await page.goto('/settings');
});

// Every toast in these tests is a success, which is a polite status; a failure's is an alert.
const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('status');

async function saveProfileAs(page: Page, name: string) {
  await page.getByLabel('Full Name').fill(name);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page).filter({ hasText: 'Profile Updated' })).toBeVisible();
}

test('a toast closes by itself after 5 s, but not while the pointer rests on it; a new one replaces it', async ({ page }) => {
  await saveProfileAs(page, 'Casey One');
  await saveProfileAs(page, 'Casey Two');
  await expect(toasts(page)).toHaveCount(1);

  // The page's time also flows by itself: the steps below leave about a second of room for a slow machine.
  await toasts(page).hover();
  await page.clock.runFor(10_000);
  await expect(toasts(page)).toHaveCount(1);

  await page.mouse.move(5, 5);
  await page.clock.runFor(4000);
  await expect(toasts(page)).toHaveCount(1);
  await page.clock.runFor(1500);
  await expect(toasts(page)).toHaveCount(0);
});

/** A toast on screen, and F8 pressed from the name field: returns that field. */
async function reachToastWithF8(page: Page, name: string) {
  await saveProfileAs(page, name);
  const nameField = page.getByLabel('Full Name');
  await nameField.focus();
  await page.keyboard.press('F8');
  await expect(toasts(page)).toBeFocused();
  return nameField;
}

test('F8 takes the keyboard to the toast, which then waits; Escape closes it and the focus goes back', async ({ page }) => {
  const nameField = await reachToastWithF8(page, 'Casey Keys');
  await expect(toasts(page)).toContainText('Profile Updated');
  await page.clock.runFor(10_000);
  await expect(toasts(page)).toHaveCount(1);

  await page.keyboard.press('Tab');
  await expect(toasts(page).getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(toasts(page)).toHaveCount(0);
  await expect(nameField).toBeFocused();
});

test('once the keyboard has left the toast, closing it does not pull the focus back', async ({ page }) => {
  const nameField = await reachToastWithF8(page, 'Casey Leaves');
  await page.getByLabel('Email Address').focus();
  await toasts(page).getByRole('button', { name: 'Close' }).click();
  await expect(toasts(page)).toHaveCount(0);
  await expect(nameField).not.toBeFocused();
});

test('a toast’s status is in the page before its text, so that screen readers announce the text', async ({ page }) => {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { statusesAtInsertion: string[] }).statusesAtInsertion = seen;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof HTMLElement && node.getAttribute('role') === 'status') seen.push(node.textContent ?? '');
        }
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  await saveProfileAs(page, 'Casey Heard');
  expect(await page.evaluate(() => (window as unknown as { statusesAtInsertion: string[] }).statusesAtInsertion)).toEqual(['']);
  await expect(toasts(page)).toContainText('Your profile settings have been saved.');
});

test('a swipe to the right of 50 px or more dismisses the toast; a shorter one lets it spring back', async ({ page }) => {
  await saveProfileAs(page, 'Casey Swipe');
  const swipe = async (distance: number) => {
    const box = await toasts(page).boundingBox();
    if (!box) throw new Error('the toast has no box');
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 40, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 40 + distance, y, { steps: 5 });
    await page.mouse.up();
  };
  await swipe(30);
  await expect(toasts(page)).toHaveCount(1);
  await expect(toasts(page)).not.toHaveAttribute('style', /translateX/);
  await swipe(60);
  await expect(toasts(page)).toHaveCount(0);
});

test('the close button dismisses the toast', async ({ page }) => {
  await saveProfileAs(page, 'Casey Close');
  await toasts(page).getByRole('button', { name: 'Close' }).click();
  await expect(toasts(page)).toHaveCount(0);
});

test('a printed page leaves the toast out', async ({ page }) => {
  await saveProfileAs(page, 'Casey Print');
  await page.emulateMedia({ media: 'print' });
  await expect(toasts(page)).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await expect(toasts(page)).toBeVisible();
});

for (const width of [1280, 375]) {
  test(`a success toast and a failure toast pass axe at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 740 });
    await saveProfileAs(page, 'Casey Axe');
    // The pointer rests on each toast, so that it is still there while axe reads the page.
    await toasts(page).hover();
    expect(await seriousViolations(page)).toEqual([]);

    // A refused save shows the failure toast, an alert.
    await page.route('**/api/settings', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Something went wrong"}' }),
    );
    await page.getByLabel('Full Name').fill('Casey Refused');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const alert = page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('alert');
    await expect(alert).toContainText('Something went wrong');
    await alert.hover();
    expect(await seriousViolations(page)).toEqual([]);
    await expect(alert).toBeVisible();
  });
}

test('the toast sits at the bottom right on a desktop and at the top on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 740 });
  await saveProfileAs(page, 'Casey Desk');
  const desk = await toasts(page).boundingBox();
  expect(desk && desk.y + desk.height).toBeGreaterThan(700);
  expect(desk && desk.x + desk.width).toBeGreaterThan(1240);

  await page.setViewportSize({ width: 375, height: 740 });
  await saveProfileAs(page, 'Casey Phone');
  const phone = await toasts(page).boundingBox();
  expect(phone?.y).toBeLessThan(40);
});
