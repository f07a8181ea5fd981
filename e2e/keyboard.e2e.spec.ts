import { expect, test, type Locator, type Page } from '@playwright/test';
import { newAccount, signUp } from './account-fixtures.ts';

/**
 * Keyboard only, no mouse: sign in, add a student, assign accommodations, save.
 * Every control reached shows a visible focus indicator. The student's name is a
 * stored-XSS payload, which must come back as text and never run.
 */
const XSS_NAME = '<img src=x onerror=window.__xss=1>';

/** Presses Tab until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** The focused element (or its antd wrapper) draws an outline or a focus shadow. */
async function expectVisibleFocus(page: Page): Promise<void> {
  const visible = await page.evaluate(() => {
    let el = document.activeElement as HTMLElement | null;
    for (let depth = 0; el && depth < 3; depth++, el = el.parentElement) {
      const style = getComputedStyle(el);
      if ((style.outlineStyle !== 'none' && style.outlineWidth !== '0px') || style.boxShadow !== 'none') return true;
    }
    return false;
  });
  expect(visible, 'the focused control shows where the focus is').toBe(true);
}

test('sign in, add a student, assign accommodations and save, by keyboard alone', async ({ page, playwright, baseURL }) => {
  // Made through the API in a context of its own: the browser signs in by keyboard.
  const api = await playwright.request.newContext({ baseURL: baseURL! });
  const { email, password } = await signUp(api, newAccount('Kim Keys', 'keyboard'));
  await api.dispose();

  await test.step('sign in', async () => {
    await page.goto('/login');
    await tabTo(page, page.getByLabel('Email Address'));
    await expectVisibleFocus(page);
    await page.keyboard.type(email);
    await tabTo(page, page.getByLabel('Password'));
    await expectVisibleFocus(page);
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  });

  await test.step('fill in the student form', async () => {
    await page.goto('/students/new');
    await tabTo(page, page.getByLabel('First Name'));
    await expectVisibleFocus(page);
    await page.keyboard.type(XSS_NAME);
    await tabTo(page, page.getByLabel('Last Initial'));
    await page.keyboard.type('q');
    await tabTo(page, page.getByLabel('Grade'));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByLabel('Status'));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.locator('.ant-select-content, .ant-select-selection-item').filter({ hasText: /Kindergarten|Grade/ }).first()).toBeVisible();
  });

  await test.step('assign two accommodations', async () => {
    const boxes = page.locator('.accommodation-picker-list').first().getByRole('checkbox');
    await tabTo(page, boxes.nth(0));
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await expect(boxes.nth(1)).toBeFocused();
    await page.keyboard.press('Space');
    await expect(boxes.nth(0)).toBeChecked();
    await expect(boxes.nth(1)).toBeChecked();
  });

  await test.step('save', async () => {
    const save = page.getByRole('button', { name: 'Create Student' });
    await tabTo(page, save);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page).not.toHaveURL(/\/students\/new$/);
  });

  await test.step('the student is stored with both accommodations, and the name shows as text', async () => {
    const students = (await (await page.request.get('/api/students')).json()) as { id: string; firstName: string; accommodationIds: string[] }[];
    expect(students).toHaveLength(1);
    expect(students[0]!.firstName).toBe(XSS_NAME);
    expect(students[0]!.accommodationIds).toHaveLength(2);
    await page.goto('/students');
    await expect(page.getByText(XSS_NAME).first()).toBeVisible();
    await page.goto(`/students/${students[0]!.id}`);
    await expect(page.getByText(XSS_NAME).first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
  });
});
