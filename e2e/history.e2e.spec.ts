import { expect, test } from '@playwright/test';
import dayjs from 'dayjs';
import { addStudent, libraryIds, signUpTeacher } from './caseload-fixtures.ts';
import { newAccount, signUp } from './account-fixtures.ts';
import { seriousViolations } from './axe-violations.ts';

test.beforeEach(async ({ page }) => {
  await signUpTeacher(page);
});

test('History: the timeline says values as people do, and "view as of" takes a date alone or a date and a time in minutes', async ({ page }) => {
  const library = await libraryIds(page.request);
  const extendedTime = library.get('Extended Time')!;
  const seating = library.get('Preferential Seating')!;
  const { id } = await addStudent(page.request, { firstName: 'Hazel', lastInitial: 'T', grade: '5', accommodationIds: [extendedTime] });
  const changed = await page.request.put(`/api/students/${id}`, {
    data: { firstName: 'Hazel', lastInitial: 'T', grade: '6', status: 'issue', accommodationIds: [seating] },
    headers: { 'If-Match': '"1"' },
  });
  expect(changed.status()).toBe(200);

  await page.goto(`/students/${id}`);
  await page.getByRole('tab', { name: 'History' }).click();
  const timeline = page.getByTestId('history-timeline');
  await expect(timeline.getByText('Accommodations changed').first()).toBeVisible();
  await expect(timeline.getByText('Student added')).toBeVisible();
  await expect(timeline.getByText('by Casey Teacher').first()).toBeVisible();
  // Values as the screens say them, never the stored codes.
  await expect(timeline.locator('.history-change').filter({ hasText: 'Status:' }).first()).toHaveText('Status: Active → Requires Attention');
  await expect(timeline.locator('.history-change').filter({ hasText: 'Grade:' }).first()).toHaveText('Grade: Grade 5 → Grade 6');
  await expect(timeline).not.toContainText('issue');

  // A date alone: the record at the end of that day. The day before it existed, there was nothing yet.
  const date = page.getByLabel('Date', { exact: true });
  await date.fill(dayjs().subtract(1, 'day').format('YYYY-MM-DD'));
  await expect(page.getByText('This student had not been added yet at that time.')).toBeVisible();
  await date.fill(dayjs().format('YYYY-MM-DD'));
  const asOf = page.getByTestId('as-of-view');
  await expect(asOf.getByText(`As of the end of ${dayjs().format('MMM D, YYYY')}`)).toBeVisible();
  await expect(page.getByTestId('as-of-accommodations').getByText('Preferential Seating')).toBeVisible();
  await expect(asOf.getByText('Requires Attention')).toBeVisible();

  // A date and a time without seconds: the end of that minute.
  const now = dayjs();
  await date.fill(now.format('YYYY-MM-DD'));
  await page.getByLabel('Time (optional)').fill(now.format('HH:mm'));
  await expect(asOf.getByText(`As of ${now.format('MMM D, YYYY h:mm A')}`)).toBeVisible();
  await expect(page.getByTestId('as-of-accommodations').getByText('Preferential Seating')).toBeVisible();

  await page.getByRole('button', { name: 'Back to now' }).click();
  await expect(asOf).toHaveCount(0);
});

test('Access log: the owner sees their own view and can download it as CSV', async ({ page }) => {
  const { id } = await addStudent(page.request, { firstName: 'Iris', lastInitial: 'W', grade: '2' });
  await page.goto(`/students/${id}`);
  await page.getByRole('tab', { name: 'Access log' }).click();
  const card = page.getByTestId('access-log-card');
  await expect(card.getByText('Student record')).toBeVisible();
  await expect(card.getByRole('link', { name: /Download CSV/ })).toHaveAttribute('href', new RegExp(`^/api/students/${id}/access-log\\?format=csv&tz=`));
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
  // Previous against latest by default: the changed fields are marked, in the words and dates of the screens.
  const reviewRow = versions.getByRole('row', { name: /Review date/ });
  await expect(reviewRow).toContainText('Jun 1, 2027');
  await expect(reviewRow.locator('mark')).toHaveText('May 15, 2027');
  await expect(versions.getByRole('row', { name: /Status/ }).locator('mark')).toHaveText('Active');
  await expect(versions.getByRole('row', { name: /Status/ })).toContainText('Draft');
  await expect(versions.getByRole('row', { name: /Start date/ }).locator('mark')).toHaveCount(0);
  await expect(versions).not.toContainText('2027-');
});

test('Plan page: a plan never changed says it has one version instead of comparing v1 with v1', async ({ page }) => {
  const { id } = await addStudent(page.request, { firstName: 'Kit', lastInitial: 'R', grade: '4' });
  const created = await page.request.post(`/api/students/${id}/plans`, { data: { startDate: '2026-09-01', reviewDate: '2027-06-01', status: 'under-review' } });
  const plan = (await created.json()) as { id: string };

  await page.goto(`/plans/${plan.id}`);
  const versions = page.getByTestId('plan-versions');
  await expect(versions.getByText(/This plan has one version: it has not been changed since Casey Teacher created it/)).toBeVisible();
  await expect(versions.getByRole('combobox')).toHaveCount(0);
  await expect(versions.getByRole('row', { name: /Status/ })).toContainText('Under Review');
  await expect(versions.getByRole('row', { name: /Start date/ })).toContainText('Sep 1, 2026');
});

test('History: a saved plan record is an entry; a co-teacher reads only that it changed, with the specifics', async ({ page, browser }) => {
  const extendedTime = (await libraryIds(page.request)).get('Extended Time')!;
  const { id } = await addStudent(page.request, { firstName: 'Lena', lastInitial: 'B', grade: '3', accommodationIds: [extendedTime] });
  const plan = (await (await page.request.post(`/api/students/${id}/plans`, { data: { startDate: '2026-09-01', reviewDate: '2027-06-01' } })).json()) as { id: string };
  const colleague = await (await browser.newContext()).newPage();
  const { email } = await signUp(colleague.request, newAccount('Cole Colleague', 'history'));
  expect((await page.request.post(`/api/students/${id}/shares`, { data: { email, role: 'co-teacher' } })).status()).toBe(201);
  const record = {
    impairment: 'Dyslexia',
    consent: { date: '2026-08-28', method: 'in-writing' },
    specifics: [{ accommodationId: extendedTime, details: '1.5× on tests', where: 'Resource room', frequency: null }],
  };
  expect((await page.request.put(`/api/plans/${plan.id}/record`, { data: record })).status()).toBe(200);

  await page.goto(`/students/${id}`);
  await page.getByRole('tab', { name: 'History' }).click();
  const entry = page.getByTestId('history-timeline').locator('.ant-timeline-item').filter({ hasText: 'Plan record updated' });
  await expect(entry.locator('.history-change')).toHaveText(['Impairment: — → Dyslexia', 'Parent’s consent: — → Aug 28, 2026, in writing', 'Specifics: — → Extended Time: 1.5× on tests · Resource room']);
  expect(await seriousViolations(page)).toEqual([]);

  await colleague.goto(`/students/${id}`);
  await colleague.getByRole('tab', { name: 'History' }).click();
  const seen = colleague.getByTestId('history-timeline').locator('.ant-timeline-item').filter({ hasText: 'Plan record updated' });
  await expect(seen.locator('.history-change')).toHaveText(['Specifics: — → Extended Time: 1.5× on tests · Resource room']);
  await expect(colleague.getByTestId('history-timeline')).not.toContainText(/Dyslexia|consent/);
});
