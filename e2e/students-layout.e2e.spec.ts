import { expect, test, type Page } from '@playwright/test';
import { addPlan, addStudent, libraryIds, pickOption, signUpTeacher } from './caseload-fixtures.ts';

// Looks: the students list and a student's page at desktop and phone widths, and a list that keeps its
// filters while a teacher goes to a student and comes back.

test.beforeEach(async ({ page }) => {
  await signUpTeacher(page);
});

/** Nothing on the page is wider than the screen: no sideways scrolling on a phone. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('list view grouped by grade keeps one set of column widths across the groups', async ({ page }) => {
  const ids = await libraryIds(page.request);
  await addStudent(page.request, { firstName: 'Kim', lastInitial: 'A', grade: 'K', accommodationIds: [ids.get('Breaks') ?? ''] });
  await addStudent(page.request, { firstName: 'Alexandra-Josephine', lastInitial: 'B', grade: '2', status: 'issue', accommodationIds: [ids.get('Extended Time') ?? '', ids.get('Preferential Seating') ?? '', ids.get('Visual Schedule') ?? ''] });
  await page.goto('/students');
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByLabel('Group Students By').getByText('Grade').click();
  await page.getByLabel('Display View').getByText('List').click();

  const tables = page.locator('.students-table table');
  await expect(tables).toHaveCount(2);
  for (const column of ['Name', 'Grade', 'Status', 'Accommodations', 'Last Updated', 'Review Due']) {
    const headers = page.getByRole('columnheader', { name: column, exact: true });
    const [first, second] = [await headers.nth(0).boundingBox(), await headers.nth(1).boundingBox()];
    expect(first && second, `${column} headers measured`).toBeTruthy();
    expect(Math.round(second!.x), `${column} starts at the same place in both groups`).toBe(Math.round(first!.x));
    expect(Math.round(second!.width), `${column} is as wide in both groups`).toBe(Math.round(first!.width));
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the list view shows each student’s accommodations and review date on screen, and long names wrap', async ({ page }) => {
    const ids = await libraryIds(page.request);
    const long = await addStudent(page.request, {
      firstName: 'Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaft',
      lastInitial: 'W',
      grade: '4',
      accommodationIds: [ids.get('Extended Time') ?? '', ids.get('Noise-Cancelling Headphones') ?? ids.get('Breaks') ?? ''],
    });
    await addPlan(page.request, long.id, { startDate: '2026-01-05', reviewDate: '2027-06-01' });
    await page.goto('/students');
    await expect(page.getByTestId('student-card')).toHaveCount(1);
    await expectNoSidewaysScroll(page);

    await page.getByTitle('List view').click();
    await expect(page.getByRole('radio', { name: 'List view' })).toBeChecked();
    const row = page.locator('.students-table tbody tr').first();
    await expect(row).toContainText('Review due: Jun 1, 2027');
    // Each part lies within the screen's width: nothing pushed off to the right.
    for (const part of [row.getByText('Extended Time'), row.getByText('Review due: Jun 1, 2027'), row.getByRole('link', { name: /Wolfeschlegel/ })]) {
      const box = await part.boundingBox();
      expect(box).toBeTruthy();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    }
    await expectNoSidewaysScroll(page);

    await page.goto(`/students/${long.id}`);
    await expect(page.getByRole('heading', { level: 1, name: /Wolfeschlegel/ })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test('a student’s Overview packs the three count cards in one row, so the accommodations come soon after', async ({ page }) => {
    const ids = await libraryIds(page.request);
    const { id } = await addStudent(page.request, { firstName: 'Pia', lastInitial: 'R', grade: '3', accommodationIds: [ids.get('Breaks') ?? ''] });
    await page.goto(`/students/${id}`);
    const counts = page.locator('.student-overview-counts .ant-card');
    await expect(counts).toHaveCount(3);
    const tops = await counts.evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    await expect(page.getByText('Recent Accommodations')).toBeInViewport();
  });
});

test('the students list keeps its search, filters and grouping when you open a student and come back, with no name in the address', async ({ page }) => {
  await addStudent(page.request, { firstName: 'Lou', lastInitial: 'B', grade: '2', status: 'issue' });
  await addStudent(page.request, { firstName: 'Louisa', lastInitial: 'C', grade: '2' });
  await addStudent(page.request, { firstName: 'Max', lastInitial: 'D', grade: '5' });
  await page.goto('/students');
  await page.getByRole('button', { name: 'Filters' }).click();
  await pickOption(page.getByRole('combobox', { name: 'Grade' }), 'Grade 2');
  await page.getByLabel('Group Students By').getByText('Status').click();
  await page.getByPlaceholder('Search by name...').fill('Louisa');
  await expect(page.getByText('Showing 1 student')).toBeVisible();
  expect(page.url()).not.toContain('Louisa');

  await page.getByRole('link', { name: 'Louisa C.' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Louisa C.' })).toBeVisible();
  await page.goBack();
  await expect(page.getByText('Showing 1 student')).toBeVisible();
  await expect(page.getByPlaceholder('Search by name...')).toHaveValue('Louisa');
  await expect(page.getByRole('combobox', { name: 'Grade' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Active (1 student)' })).toBeVisible();

  // The same by the Students link, which carries no filters of its own.
  await page.getByRole('link', { name: 'Louisa C.' }).click();
  await page.getByRole('navigation').getByRole('link', { name: 'Students' }).click();
  await expect(page.getByText('Showing 1 student')).toBeVisible();
  expect(page.url()).toMatch(/grade=2/);
  expect(page.url()).not.toContain('Louisa');

  // Reset clears them, for good.
  await page.getByRole('button', { name: 'Reset All Filters' }).click();
  await expect(page.getByText('Showing 3 students')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Showing 3 students')).toBeVisible();
});
