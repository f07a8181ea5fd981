import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { addPlan, addStudent, dayFromToday, libraryIds, pickOption, signUpTeacher } from './caseload-fixtures.ts';

/** The words of a downloaded PDF, as pdf.js reads them, on one line. */
async function pdfWords(path: string): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(fs.readFileSync(path)), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return pages.join(' ').replace(/\s+/g, ' ');
}

test.beforeEach(async ({ page }) => {
  await signUpTeacher(page);
});

test('Hearing packet: the owner picks a range beside the history and downloads one PDF with its contents, plans and access log', async ({ page }) => {
  const library = await libraryIds(page.request);
  const { id } = await addStudent(page.request, { firstName: 'Hazel', lastInitial: 'T', grade: '5', accommodationIds: [library.get('Extended Time')!] });
  await addPlan(page.request, id, { startDate: dayFromToday(-30), reviewDate: dayFromToday(200) });

  await page.goto(`/students/${id}`);
  await page.getByRole('tab', { name: 'History' }).click();
  await page.getByRole('button', { name: 'Hearing packet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hearing packet' });
  // A range that ends before it starts is said at once, and nothing downloads.
  await dialog.getByLabel('From').fill(dayFromToday(0));
  await dialog.getByLabel('To').fill(dayFromToday(-5));
  await expect(dialog.getByRole('alert')).toHaveText('The range must end on or after the day it starts');
  await dialog.getByLabel('From').fill(dayFromToday(-60));
  await dialog.getByLabel('To').fill(dayFromToday(0));
  await expect(dialog.getByRole('alert')).toHaveCount(0);

  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: /Download PDF/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^Hazel T\. - hearing packet - \d{4}-\d{2}-\d{2}\.pdf$/);
  const words = await pdfWords(await download.path());
  for (const expected of ['Hearing packet', 'Hazel T., Grade 5', 'Contents', 'Plans and accommodations', 'Extended Time', 'Student added', 'Notifications sent', 'Access log', 'Page 1 of']) {
    expect(words).toContain(expected);
  }

  // The download is an export in the record's access log.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('tab', { name: 'Access log' }).click();
  await expect(page.getByTestId('access-log-card').getByText('Hearing packet (PDF)')).toBeVisible();
});

test('Testing day: a class’s students with their testing accommodations, from the roster, with the CSV for the coordinator', async ({ page }) => {
  const library = await libraryIds(page.request);
  const { id } = await addStudent(page.request, {
    firstName: 'Ivy',
    lastInitial: 'W',
    grade: '7',
    accommodationIds: [library.get('Extended Time')!, library.get('Fidget Tools')!],
  });
  const created = await page.request.post('/api/classes', { data: { name: 'Period 2 Biology', period: '2' } });
  const classId = ((await created.json()) as { id: string }).id;
  await page.request.put(`/api/classes/${classId}/students`, { data: { studentIds: [id] }, headers: { 'If-Match': created.headers().etag ?? '' } });

  await page.goto(`/classes/${classId}`);
  await page.getByRole('button', { name: 'Testing day' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Testing-day list' })).toBeVisible();
  const row = page.getByRole('row', { name: /Ivy W\./ });
  await expect(row.getByText('Extended Time')).toBeVisible();
  // Fidget tools are for the classroom, not for a state test.
  await expect(row.getByText('Fidget Tools')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Download CSV/ })).toHaveAttribute('href', new RegExp(`^/api/classes/${classId}/testing-accommodations\\.csv\\?tz=`));

  await page.goto('/classes');
  await expect(page.getByRole('link', { name: /Testing accommodations \(CSV\)/ })).toHaveAttribute('href', /^\/api\/testing-accommodations\.csv\?tz=/);
});

test('Library: a teacher marks their own accommodation as applying to state and district tests', async ({ page }) => {
  await page.goto('/accommodations');
  await page.getByRole('button', { name: 'Add Accommodation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Accommodation' });
  await dialog.getByLabel('Name').fill('Separate testing room');
  await pickOption(dialog.getByRole('combobox', { name: 'Category' }), 'Academic');
  await dialog.getByRole('checkbox', { name: 'Applies to state and district tests' }).check();
  await dialog.getByRole('button', { name: 'Add Accommodation' }).click();
  const card = page.getByTestId('accommodation-card').filter({ hasText: 'Separate testing room' });
  await expect(card.getByText('State and district tests')).toBeVisible();
  // The templates that obviously apply are marked for every teacher.
  await expect(page.getByTestId('accommodation-card').filter({ hasText: 'Extended Time' }).getByText('State and district tests')).toBeVisible();
});
