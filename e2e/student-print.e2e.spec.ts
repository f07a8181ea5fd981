import { writeFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { addPlan, addStudent, libraryIds, signUpTeacher } from './caseload-fixtures.ts';
import { pdfText } from '../command-api/src/testing/pdf-text.ts';

test.beforeEach(async ({ page }) => {
  await signUpTeacher(page);
});

test('Print puts a one-page summary on paper, whatever tab is open, with no controls', async ({ page }, testInfo) => {
  const ids = await libraryIds(page.request);
  const names = ['Extended Time', 'Breaks', 'Visual Schedule', 'Small Group'];
  const { id } = await addStudent(page.request, { firstName: 'Ava', lastInitial: 'M', grade: '3', accommodationIds: names.map((name) => ids.get(name) ?? '') });
  const plan = await addPlan(page.request, id, { startDate: '2026-09-01', reviewDate: '2027-06-01' });
  expect((await page.request.patch(`/api/plans/${plan.id}`, { data: { meetingDate: '2026-08-20' } })).status()).toBe(200);

  await page.goto(`/students/${id}`);
  // The History tab is open when the teacher prints: the paper still shows the summary, not the history.
  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByRole('tabpanel', { name: 'History' });
  await expect(history).toBeVisible();
  await expect(page.getByTestId('student-print-summary')).toBeHidden();

  await page.emulateMedia({ media: 'print' });
  const summary = page.getByTestId('student-print-summary');
  await expect(summary).toBeVisible();
  await expect(summary.getByRole('heading', { name: 'Ava M.' })).toBeVisible();
  await expect(summary.getByText('Grade 3 · Active')).toBeVisible();
  await expect(summary.getByText('Aug 20, 2026')).toBeVisible();
  await expect(summary.getByText('Jun 1, 2027')).toBeVisible();
  for (const name of names) await expect(summary.getByText(name, { exact: true })).toBeVisible();
  for (const category of ['Academic', 'Behavioral', 'Organizational']) await expect(summary.getByRole('heading', { name: category })).toBeVisible();
  // Nothing on paper is something to click.
  for (const role of ['button', 'link', 'tab'] as const) {
    const visible = await page.getByRole(role).evaluateAll((elements) => elements.filter((element) => (element as HTMLElement).offsetParent !== null).length);
    expect(visible, `${role}s on paper`).toBe(0);
  }
  await expect(history).toBeHidden();

  const pdf = await page.pdf({ format: 'Letter' });
  const text = await pdfText(pdf);
  expect(text).toContain('Ava M.');
  expect(text).toContain('Aug 20, 2026');
  expect(text).not.toContain('View all');
  expect(text).not.toContain('Edit Student');
  // pdfText puts each page on its own line: one page.
  expect(text.split('\n')).toHaveLength(1);
  // Kept beside the test's results, for a human to look at the paper.
  await writeFile(testInfo.outputPath('student-print.pdf'), pdf);
});
