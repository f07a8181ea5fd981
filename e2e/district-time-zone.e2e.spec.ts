import { expect, test } from '@playwright/test';
import { newAccount, signUp } from './account-fixtures.ts';
import { addPlan, addStudent } from './caseload-fixtures.ts';
import { checkedScreenshots } from './layout-checks.ts';

// A district sets the time zone its hearing packets print times in; a plan shows the student's case manager.
const shots = '.tmp/screens';

test('a district admin finds and saves the district’s time zone; the plan shows the student’s case manager, a staff member', async ({ page }) => {
  const admin = await signUp(page.request, newAccount('Dana District', 'timezone'));
  const districtId = ((await (await page.request.post('/api/districts', { data: { name: 'Cedar USD' } })).json()) as { id: string }).id;
  const schoolId = ((await (await page.request.post(`/api/districts/${districtId}/schools`, { data: { name: 'Cedar Middle' } })).json()) as { id: string }).id;

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'District' }).click();
  await expect(page.getByText('No time zone set yet: each reader’s own is used.')).toBeVisible();
  const select = page.getByRole('combobox', { name: 'District time zone' });
  await select.click();
  await select.fill('Chicago');
  await expect(page.locator('.ant-select-item-option')).toHaveText(['America/Chicago']);
  await select.press('Enter');
  await page.getByRole('button', { name: 'Save time zone' }).click();
  await expect(page.getByText('Hearing packets show times in America/Chicago.')).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: 'District' }).click();
  await expect(page.getByText('Hearing packets of the district’s students show every time in this zone, whoever downloads them.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'District time zone' }).locator('xpath=ancestor::*[contains(@class,"ant-select")][1]')).toContainText('America/Chicago');
  await page.mouse.move(0, 0);
  await checkedScreenshots(page, shots, 'settings-district-time-zone', { axeAtPhoneWidth: true });

  // The admin is on the school's staff too, and the student's case manager: the plan shows her, with no field of its own.
  expect((await page.request.post(`/api/schools/${schoolId}/staff`, { data: { email: admin.email, role: 'coordinator' } })).status()).toBe(201);
  const { id: studentId } = await addStudent(page.request, { firstName: 'Ava', lastInitial: 'M', grade: '6', accommodationIds: [], schoolId });
  expect((await page.request.put(`/api/students/${studentId}/case-manager`, { data: { userId: admin.id } })).status()).toBe(200);
  const { id: planId } = await addPlan(page.request, studentId);
  await page.goto(`/plans/${planId}`);
  const details = page.locator('.ant-descriptions').filter({ hasText: 'Case Manager' }).first();
  await expect(details).toContainText('Dana District');
  await checkedScreenshots(page, shots, 'plan-record-case-manager', { axeAtPhoneWidth: true });
});
