import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { addStudent, libraryIds, pickOption, signUpTeacher, tinyPdf } from './caseload-fixtures.ts';
import { pdfText } from '../command-api/src/testing/pdf-text.ts';

test.beforeEach(async ({ page }) => {
  await signUpTeacher(page);
});

test('add a student: validation errors first, then the saved student in the list', async ({ page }) => {
  await page.goto('/students');
  await expect(page.getByText('No students found')).toBeVisible();
  await expect(page.getByText('Get started by adding your first student.')).toBeVisible();
  await page.getByRole('button', { name: 'Add New Student' }).click();
  await expect(page).toHaveURL(/\/students\/new$/);

  await page.getByRole('button', { name: 'Create Student' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Last initial is required')).toBeVisible();
  await expect(page.getByText('Grade is required')).toBeVisible();

  await page.getByLabel('First Name').fill('Ava');
  await page.getByLabel('Last Initial').fill('smith');
  await expect(page.getByLabel('Last Initial')).toHaveValue('S');
  await pickOption(page.getByRole('combobox', { name: 'Grade' }), 'Grade 3');
  await page.getByRole('checkbox', { name: /Extended Time/ }).check();
  await expect(page.getByLabel('Selected accommodations').getByText('Extended Time')).toBeVisible();
  await page.getByRole('textbox', { name: 'Notes', exact: true }).click();
  await page.keyboard.type('Prefers the front row.');
  await page.getByRole('button', { name: 'Create Student' }).click();

  await expect(page.getByText('Student Created')).toBeVisible();
  await expect(page.getByText('Ava S. has been added successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/students$/);
  const card = page.getByTestId('student-card').filter({ hasText: 'Ava S.' });
  await expect(card.getByText('Grade 3')).toBeVisible();
  await expect(card.getByText('Extended Time')).toBeVisible();
  await expect(page.getByText('Showing 1 student')).toBeVisible();
});

test('edit a student', async ({ page }) => {
  const { id } = await addStudent(page.request, { firstName: 'Ben', lastInitial: 'K', grade: '4' });
  await page.goto('/students');
  await page.getByTestId('student-card').filter({ hasText: 'Ben K.' }).getByRole('button', { name: 'Edit Student' }).click();
  await expect(page).toHaveURL(new RegExp(`/students/edit/${id}$`));
  await expect(page.getByRole('heading', { name: 'Update Student' })).toBeVisible();
  await expect(page.getByLabel('First Name')).toHaveValue('Ben');

  await page.getByLabel('First Name').fill('Benjamin');
  await page.getByLabel('Parent/Guardian Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Update Student' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByLabel('Parent/Guardian Email').fill('parent@example.com');
  await page.getByRole('button', { name: 'Update Student' }).click();

  await expect(page.getByText('Benjamin K. has been updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/students$/);
  await expect(page.getByTestId('student-card').filter({ hasText: 'Benjamin K.' })).toBeVisible();
  await page.goto(`/students/${id}`);
  await expect(page.getByRole('link', { name: 'parent@example.com' })).toHaveAttribute('href', 'mailto:parent@example.com');
});

test('filter, group, switch view and reload keeps the view', async ({ page }) => {
  const ids = await libraryIds(page.request);
  await addStudent(page.request, { firstName: 'Kim', lastInitial: 'A', grade: 'K', accommodationIds: [ids.get('Breaks') ?? ''] });
  await addStudent(page.request, { firstName: 'Lou', lastInitial: 'B', grade: '2', status: 'issue' });
  await addStudent(page.request, { firstName: 'Max', lastInitial: 'C', grade: '2', accommodationIds: [ids.get('Breaks') ?? ''] });
  await page.goto('/students');
  await expect(page.getByText('Showing 3 students')).toBeVisible();
  await expect(page.getByTestId('student-card').filter({ hasText: 'Lou B.' }).getByText('Attention Required')).toBeVisible();

  await page.getByRole('button', { name: 'Filters' }).click();
  await expect(page.getByRole('button', { name: 'Reset All Filters' })).toBeDisabled();
  await pickOption(page.getByRole('combobox', { name: 'Grade' }), 'Grade 2');
  await pickOption(page.getByRole('combobox', { name: 'Accommodation' }), 'Breaks');
  await expect(page.getByText('Showing 1 student')).toBeVisible();
  await expect(page.getByTestId('student-card')).toHaveText([/Max C\./]);

  await page.getByPlaceholder('Search by name...').fill('nobody');
  await expect(page.getByText('No students found')).toBeVisible();
  await expect(page.getByText('Try adjusting your filters or search to see more results.')).toBeVisible();
  await page.getByRole('button', { name: 'Reset All Filters' }).click();
  await expect(page.getByText('Showing 3 students')).toBeVisible();

  await page.getByLabel('Group Students By').getByText('Grade').click();
  await expect(page.getByRole('heading', { name: 'Kindergarten (1 student)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Grade 2 (2 students)' })).toBeVisible();

  await page.getByLabel('Display View').getByText('List').click();
  await expect(page.getByRole('columnheader', { name: 'Review Due' }).first()).toBeVisible();
  await page.reload();
  // The grouping is kept too: a table per grade.
  await expect(page.getByRole('columnheader', { name: 'Last Updated' })).toHaveCount(2);
  await expect(page.getByTestId('student-card')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('studentViewMode'))).toBe('list');
});

test("a card shows 3 accommodations and '+N more' names the rest, after the pointer rests 700 ms or at once on keyboard focus", async ({ page }) => {
  const ids = await libraryIds(page.request);
  const names = ['Breaks', 'Extended Time', 'Small Group', 'Quiet Space', 'Calculator Use'];
  await addStudent(page.request, { firstName: 'Tip', lastInitial: 'T', grade: '3', accommodationIds: names.map((name) => ids.get(name) ?? '') });
  await page.clock.install();
  await page.goto('/students');
  const more = page.getByTestId('student-card').getByText('+2 more');
  await expect(more).toBeVisible();
  const tooltip = page.getByRole('tooltip');
  // From here the page's time moves only when the test says, so "500 ms later" does not depend on the machine.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 100));

  await more.hover();
  await page.clock.runFor(500);
  await expect(tooltip).toBeHidden();
  await page.clock.runFor(300);
  await expect(tooltip).toBeVisible();
  const hidden = ((await tooltip.textContent()) ?? '').split(', ');
  expect(hidden).toHaveLength(2);
  for (const name of hidden) {
    expect(names).toContain(name);
    await expect(page.getByTestId('student-card').getByText(name, { exact: true })).toHaveCount(0);
  }

  await page.mouse.move(0, 0);
  await page.clock.runFor(1000);
  await expect(tooltip).toBeHidden();
  await more.focus();
  await expect(tooltip).toBeVisible();
});

test('delete a student through the dialog', async ({ page }) => {
  const { id } = await addStudent(page.request, { firstName: 'Dee', lastInitial: 'L', grade: '6' });
  await page.goto(`/students/${id}`);
  await expect(page.getByRole('heading', { name: 'Dee L.' })).toBeVisible();
  await expect(page.locator('.page-header').getByText('Grade 6', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you absolutely sure?' });
  await expect(dialog.getByText(/permanently delete/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Are you absolutely sure?' }).getByRole('button', { name: 'Delete Student' }).click();
  await expect(page.getByText('Student and all related data has been deleted successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/students$/);
  await expect(page.getByText('No students found')).toBeVisible();
  await page.goto(`/students/${id}`);
  await expect(page.getByText('Error loading student')).toBeVisible();
});

test('upload a document and download it back byte for byte', async ({ page }) => {
  const { id } = await addStudent(page.request, { firstName: 'Uma', lastInitial: 'D', grade: '5' });
  await page.goto(`/students/${id}`);
  await page.getByRole('tab', { name: 'Documents' }).click();
  await expect(page.getByText('No documents uploaded yet')).toBeVisible();

  // A text file is refused before it is sent.
  await page.getByTestId('document-file-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('Only PDF, image and Word files can be uploaded.')).toBeVisible();

  const pdf = tinyPdf('evaluation summary');
  await page.getByTestId('document-file-input').setInputFiles({ name: 'evaluation.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByText('evaluation.pdf')).toBeVisible();
  await expect(page.getByText(/^Added: /)).toBeVisible();
  await expect(page.getByText('PDF', { exact: true })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download evaluation.pdf' }).click();
  const download = await downloading;
  const saved = await download.path();
  expect(Buffer.compare(await readFile(saved), pdf)).toBe(0);
});

test('export the accommodations to a PDF', async ({ page }) => {
  const ids = await libraryIds(page.request);
  const { id } = await addStudent(page.request, {
    firstName: 'Pia',
    lastInitial: 'R',
    grade: '7',
    accommodationIds: [ids.get('Extended Time') ?? '', ids.get('Visual Schedule') ?? ''],
  });
  await page.goto(`/students/${id}`);
  await page.getByRole('tab', { name: 'Accommodations' }).click();
  const tab = page.getByRole('tabpanel', { name: 'Accommodations' });
  await expect(tab.getByText('Extended Time')).toBeVisible();
  await expect(tab.getByText('Organizational')).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export to PDF' }).click();
  const download = await downloading;
  // Named for the teacher's folder: who, what and the day, never an id.
  expect(download.suggestedFilename()).toMatch(/^Pia R\. - accommodations - \d{4}-\d{2}-\d{2}\.pdf$/);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
  const text = await pdfText(bytes);
  expect(text).toContain('Pia R.');
  expect(text).toContain('Extended Time');
  expect(text).toContain('Visual Schedule');
  await expect(page.getByText('The accommodations have been exported to PDF.')).toBeVisible();
});

test('a plan made on the detail page sets the review date in the list', async ({ page }) => {
  const { id } = await addStudent(page.request, { firstName: 'Rae', lastInitial: 'P', grade: '1' });
  await page.goto(`/students/${id}`);
  await page.getByRole('tab', { name: 'Plans' }).click();
  await page.getByRole('button', { name: 'New Plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Plan' });
  // An emptied date says it is required, not that it is in the wrong form.
  await dialog.getByLabel('Review Date').fill('');
  await dialog.getByRole('button', { name: 'Create Plan' }).click();
  await expect(dialog.getByText('Review date is required')).toBeVisible();
  await dialog.getByLabel('Start Date').fill('2025-01-10');
  await dialog.getByLabel('Review Date').fill('2024-12-01');
  await dialog.getByRole('button', { name: 'Create Plan' }).click();
  await expect(dialog.getByText('Review date must be on or after the start date')).toBeVisible();
  await dialog.getByLabel('Review Date').fill('2025-02-01');
  // The case manager is the student's, assigned on the School card: the plan has no field for one.
  await expect(dialog.getByLabel('Case Manager')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Create Plan' }).click();

  // Each plan row opens with a link of its own, not only through its start date.
  await page.getByRole('link', { name: 'Open plan starting Jan 10, 2025' }).click();
  await expect(page).toHaveURL(/\/plans\//);
  await page.goto('/students');
  await expect(page.getByText('Review due: Feb 1, 2025')).toHaveAttribute('data-urgency', 'overdue');
});

test('reach the free limit, then upgrade', async ({ page }) => {
  for (const firstName of ['One', 'Two', 'Three']) {
    await addStudent(page.request, { firstName, lastInitial: 'Q', grade: '3' });
  }
  await page.goto('/students/new');
  await expect(page.getByText('Free Plan Limitation')).toBeVisible();
  await expect(
    page.getByText('The free plan is limited to 3 students. Upgrade to Premium for unlimited students and access to all features.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
  await expect(page).toHaveURL(/\/upgrade$/);
  await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
  await expect(page.getByText('Upgrade Successful')).toBeVisible({ timeout: 10_000 });

  await page.goto('/students/new');
  await expect(page.getByRole('button', { name: 'Create Student' })).toBeVisible();
  await page.getByLabel('First Name').fill('Four');
  await page.getByLabel('Last Initial').fill('q');
  await pickOption(page.getByRole('combobox', { name: 'Grade' }), 'K (Kindergarten)');
  await page.getByRole('button', { name: 'Create Student' }).click();
  await expect(page.getByText('Four Q. has been added successfully')).toBeVisible();
  await expect(page.getByText('Showing 4 students')).toBeVisible();
});
