import { expect, test } from '@playwright/test';
import dayjs from 'dayjs';
import { addStudent, libraryIds, signUpTeacher } from './caseload-fixtures.ts';

test.beforeEach(async ({ page }) => {
  await signUpTeacher(page);
});

test('History: the timeline shows who changed what, and "view as of" shows the old accommodations', async ({ page }) => {
  const library = await libraryIds(page.request);
  const extendedTime = library.get('Extended Time')!;
  const seating = library.get('Preferential Seating')!;
  const { id } = await addStudent(page.request, { firstName: 'Hazel', lastInitial: 'T', grade: '5', accommodationIds: [extendedTime] });
  // The picker works in whole seconds: leave a clear second between the two states.
  await page.waitForTimeout(1_200);
  const beforeChange = dayjs().format('YYYY-MM-DD HH:mm:ss');
  await page.waitForTimeout(1_200);
  const changed = await page.request.put(`/api/students/${id}`, {
    data: { firstName: 'Hazel', lastInitial: 'T', grade: '5', status: 'active', accommodationIds: [seating] },
    headers: { 'If-Match': '"1"' },
  });
  expect(changed.status()).toBe(200);

  await page.goto(`/students/${id}`);
  await page.getByRole('tab', { name: 'History' }).click();
  const timeline = page.getByTestId('history-timeline');
  await expect(timeline.getByText('Accommodations changed').first()).toBeVisible();
  await expect(timeline.getByText('Student added')).toBeVisible();
  await expect(timeline.getByText('by Casey Teacher').first()).toBeVisible();

  const picker = page.getByPlaceholder('Choose a date and time');
  await picker.click();
  await picker.fill(beforeChange);
  await picker.press('Enter');

  const asOf = page.getByTestId('as-of-view');
  await expect(asOf).toBeVisible();
  const accommodations = page.getByTestId('as-of-accommodations');
  await expect(accommodations.getByText('Extended Time')).toBeVisible();
  await expect(accommodations.getByText('Preferential Seating')).toHaveCount(0);

  await page.getByRole('button', { name: 'Back to now' }).click();
  await expect(asOf).toHaveCount(0);
});

test('Access log: the owner sees their own view and can download it as CSV', async ({ page }) => {
  const { id } = await addStudent(page.request, { firstName: 'Iris', lastInitial: 'W', grade: '2' });
  await page.goto(`/students/${id}`);
  await page.getByRole('tab', { name: 'Access log' }).click();
  const card = page.getByTestId('access-log-card');
  await expect(card.getByText('Student record')).toBeVisible();
  await expect(card.getByRole('link', { name: /Download CSV/ })).toHaveAttribute('href', `/api/students/${id}/access-log?format=csv`);
});

test('Plan page: versions with a diff between any two', async ({ page }) => {
  const { id } = await addStudent(page.request, { firstName: 'Jude', lastInitial: 'P', grade: '6' });
  const created = await page.request.post(`/api/students/${id}/plans`, { data: { startDate: '2026-09-01', reviewDate: '2027-06-01', status: 'draft' } });
  const plan = (await created.json()) as { id: string };
  const patched = await page.request.patch(`/api/plans/${plan.id}`, { data: { reviewDate: '2027-05-15', status: 'active' }, headers: { 'If-Match': '"0"' } });
  expect(patched.status()).toBe(200);

  await page.goto(`/plans/${plan.id}`);
  const versions = page.getByTestId('plan-versions');
  await expect(versions).toBeVisible();
  // Previous against latest by default: the changed fields are marked.
  const reviewRow = versions.getByRole('row', { name: /Review date/ });
  await expect(reviewRow).toContainText('2027-06-01');
  await expect(reviewRow.locator('mark')).toHaveText('2027-05-15');
  await expect(versions.getByRole('row', { name: /Start date/ }).locator('mark')).toHaveCount(0);
});
