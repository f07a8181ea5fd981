import { expect, test, type Page } from '@playwright/test';
import { addPlan, addStudent, libraryIds, pickOption, signUpTeacher } from './caseload-fixtures.ts';
import { checkedScreenshots } from './layout-checks.ts';

// At a glance: grouping the caseload by accommodation, and comparing students ticked on a class roster.

const shots = '/tmp/shots-glance';

/** Screenshots at a desktop's and a phone's width; at 375 px nothing may scroll sideways; no serious axe violation. */
const screenshotsAt = (page: Page, name: string) => checkedScreenshots(page, shots, name);

test('the usage view counts Extended Time by class and grade and prints to the access log; three ticked students compare', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpTeacher(page);
  // Four students: past the free plan's three.
  expect((await page.request.post('/api/upgrade-to-premium', { data: {} })).status()).toBe(200);
  const ids = await libraryIds(page.request);
  const accommodations = (...names: string[]) => names.map((name) => ids.get(name)!);
  const ava = await addStudent(page.request, { firstName: 'Ava', lastInitial: 'S', grade: '3', accommodationIds: accommodations('Extended Time', 'Breaks', 'Preferential Seating') });
  await addPlan(page.request, ava.id, { startDate: '2026-09-01', reviewDate: '2027-06-01' });
  const ben = await addStudent(page.request, { firstName: 'Ben', lastInitial: 'T', grade: '3', accommodationIds: accommodations('Extended Time', 'Preferential Seating') });
  const cal = await addStudent(page.request, { firstName: 'Cal', lastInitial: 'U', grade: '4', accommodationIds: accommodations('Extended Time', 'Quiet Space') });
  await addStudent(page.request, { firstName: 'Dee', lastInitial: 'V', grade: '4', accommodationIds: accommodations('Extended Time') });
  const created = await page.request.post('/api/classes', { data: { name: 'Period 3 Algebra I', period: '3' } });
  const classId = ((await created.json()) as { id: string }).id;
  expect((await page.request.put(`/api/classes/${classId}/students`, { data: { studentIds: [ava.id, ben.id, cal.id] } })).status()).toBe(200);

  // From the library to the usage view: across the caseload, Extended Time is everyone's.
  await page.goto('/accommodations');
  await expect(page.getByText('Extended Time').first()).toBeVisible({ timeout: 20_000 });
  await screenshotsAt(page, 'library');
  await page.getByRole('button', { name: 'Students at a Glance' }).click();
  await expect(page).toHaveURL(/\/accommodations\/at-a-glance$/);
  const entries = page.getByTestId('usage-entry');
  await expect(entries.first().getByRole('heading')).toHaveText('Extended Time: 4 students', { timeout: 20_000 });
  await expect(entries.filter({ hasText: 'Preferential Seating: 2 students' })).toContainText('Ava S.');

  // The class leaves Dee out; its fourth graders are Cal alone.
  await pickOption(page.getByRole('combobox', { name: 'Class' }), 'Period 3 Algebra I');
  await expect(entries.first().getByRole('heading')).toHaveText('Extended Time: 3 students');
  await expect(entries.first()).not.toContainText('Dee V.');
  await pickOption(page.getByRole('combobox', { name: 'Grade' }), 'Grade 4');
  await expect(entries.first().getByRole('heading')).toHaveText('Extended Time: 1 student');
  await expect(entries).toHaveCount(2);
  await expect(page.getByText('Period 3 Algebra I · Grade 4')).toBeVisible();
  await screenshotsAt(page, 'usage');

  // Print: the list on paper, without the filters, and a print in the access log of each student on it.
  await page.evaluate(() => {
    window.print = () => undefined;
  });
  const recorded = page.waitForResponse((response) => response.url().includes('/api/accommodations/usage/print'));
  await page.getByRole('button', { name: 'Print' }).click();
  expect((await recorded).status()).toBe(204);
  const printsOf = async (studentId: string) =>
    ((await (await page.request.get(`/api/students/${studentId}/access-log`)).json()) as { action: string; what: string }[]).filter(
      (entry) => entry.action === 'print' && entry.what === 'Accommodations at a glance (printed)',
    ).length;
  expect(await printsOf(cal.id)).toBe(1);
  expect(await printsOf(ava.id)).toBe(0);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('group', { name: 'Filter students' })).toBeHidden();
  await expect(page.getByText('Confidential: student education record')).toBeVisible();
  await expect(entries.first()).toContainText('Cal U.');
  await page.screenshot({ path: `${shots}/usage-print.png`, fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  // On the roster, tick three students and compare them.
  await page.goto(`/classes/${classId}`);
  const compare = page.getByRole('button', { name: /Compare/ });
  await expect(page.getByTestId('roster-row')).toHaveCount(3, { timeout: 20_000 });
  await expect(compare).toBeDisabled();
  for (const name of ['Ava S.', 'Ben T.', 'Cal U.']) await page.getByRole('checkbox', { name: `Select ${name} to compare` }).check();
  await screenshotsAt(page, 'roster-ticked');
  // The roster's other way round: this class by accommodation.
  await page.getByRole('button', { name: 'By Accommodation' }).click();
  await expect(entries.first().getByRole('heading')).toHaveText('Extended Time: 3 students');
  await page.goBack();
  for (const name of ['Ava S.', 'Ben T.', 'Cal U.']) await page.getByRole('checkbox', { name: `Select ${name} to compare` }).check();
  await compare.click();
  await expect(page).toHaveURL(new RegExp(`/students/compare\\?ids=${ava.id},${ben.id},${cal.id}$`));
  const columns = page.getByTestId('compared-student');
  await expect(columns).toHaveCount(3, { timeout: 20_000 });
  await expect(page.getByTestId('shared-accommodations')).toHaveText('Extended Time');
  const avaColumn = columns.filter({ hasText: 'Ava S.' });
  await expect(avaColumn.getByTestId('only-accommodations')).toHaveText('Breaks');
  await expect(avaColumn).toContainText('Jun 1, 2027');
  await expect(columns.filter({ hasText: 'Ben T.' })).toContainText('No plan on file');
  await expect(columns.filter({ hasText: 'Cal U.' }).getByTestId('only-accommodations')).toHaveText('Quiet Space');
  // Seating is Ava's and Ben's: shared with some, theirs alone neither.
  await expect(columns.filter({ hasText: 'Ben T.' }).getByText('Shared with some')).toBeVisible();
  await screenshotsAt(page, 'compare');

  // One student is no comparison: the page says what to do instead.
  await page.goto(`/students/compare?ids=${ava.id}`);
  await expect(page.getByText('Choose 2 to 4 students to compare')).toBeVisible();
});
