import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { addStudent, libraryIds, signUpTeacher } from './caseload-fixtures.ts';
import { seriousViolations } from './axe-violations.ts';

// Suggested accommodations on the student form, a class's term dates, and the sub plan by class period.

const outDir = '/tmp/shots-suggest';
const widths = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 375, height: 812 },
];

/** The screen at both widths, for a person to look at; `ready` is what must show before each picture. */
async function shoot(page: Page, name: string, ready: () => Promise<void>) {
  mkdirSync(outDir, { recursive: true });
  for (const size of widths) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await ready();
    // Nothing may scroll sideways off a phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await page.screenshot({ path: `${outDir}/${name}-${size.name}.png`, fullPage: true });
  }
  await page.setViewportSize(widths[0]!);
}

/** A Premium teacher whose caseload pairs Extended Time with Quiet Space three times out of four, and Eli, who has Extended Time only. */
async function caseloadWithAPattern(page: Page) {
  await signUpTeacher(page);
  expect((await page.request.post('/api/upgrade-to-premium', { data: {} })).status()).toBe(200);
  const ids = await libraryIds(page.request);
  const pick = (...names: string[]) => names.map((name) => ids.get(name)!);
  const students: Record<string, string> = {};
  for (const firstName of ['Ava', 'Ben', 'Cal']) {
    students[firstName] = (await addStudent(page.request, { firstName, lastInitial: 'S', grade: '3', accommodationIds: pick('Extended Time', 'Quiet Space') })).id;
  }
  students.Dee = (await addStudent(page.request, { firstName: 'Dee', lastInitial: 'K', grade: '4', accommodationIds: pick('Breaks') })).id;
  students.Eli = (await addStudent(page.request, { firstName: 'Eli', lastInitial: 'R', grade: '4', accommodationIds: pick('Extended Time') })).id;
  return { students, quietSpaceId: ids.get('Quiet Space')! };
}

test('a suggestion appears on the edit form with its reason, and Add puts it on the student', async ({ page }) => {
  const { students, quietSpaceId } = await caseloadWithAPattern(page);
  // A new student has nothing to go with yet: no panel.
  await page.goto('/students/new');
  await expect(page.getByRole('heading', { name: 'Add New Student' })).toBeVisible();
  await expect(page.getByText('Suggestions to review')).toHaveCount(0);

  await page.goto(`/students/edit/${students.Eli}`);
  const panel = page.getByRole('region', { name: 'Suggestions to review' });
  const suggestion = panel.getByTestId('suggestion').filter({ hasText: 'Quiet Space' });
  await expect(suggestion.getByText('3 of 4 students with Extended Time also have Quiet Space')).toBeVisible();
  await expect(panel.getByTestId('suggestion')).toHaveCount(1);
  const selected = page.getByLabel('Selected accommodations');
  await expect(selected.getByText('Quiet Space')).toHaveCount(0);
  await shoot(page, 'student-edit-suggestions', () => expect(suggestion).toBeVisible());
  expect(await seriousViolations(page)).toEqual([]);

  // Add puts it in the form; the panel no longer offers it; saving puts it on the student.
  await suggestion.getByRole('button', { name: 'Add Quiet Space' }).click();
  await expect(selected.getByText('Quiet Space')).toBeVisible();
  await expect(panel).toHaveCount(0);
  await page.getByRole('button', { name: 'Update Student' }).click();
  await expect(page.getByText('Eli R. has been updated successfully')).toBeVisible();
  const saved = (await (await page.request.get(`/api/students/${students.Eli}`)).json()) as { accommodationIds: string[] };
  expect(saved.accommodationIds).toContain(quietSpaceId);

  // Back on the form, nothing is left to suggest.
  await page.goto(`/students/edit/${students.Eli}`);
  await expect(page.getByLabel('Selected accommodations').getByText('Quiet Space')).toBeVisible();
  await expect(page.getByText('Suggestions to review')).toHaveCount(0);
});

test('a class’s term dates in its dialog, and the sub plan by class period', async ({ page }) => {
  const { students } = await caseloadWithAPattern(page);
  await page.goto('/classes');
  await page.getByRole('button', { name: 'Add Class' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Class' });
  await dialog.getByLabel('Class name').fill('Algebra I');
  await dialog.getByLabel('Period').fill('3');
  await dialog.getByLabel('Room').fill('204');
  await dialog.getByLabel('Term starts').fill('2027-01-15');
  await dialog.getByLabel('Term ends').fill('2026-08-24');
  await dialog.getByRole('button', { name: 'Add Class' }).click();
  await expect(dialog.getByText('The term’s end date must be on or after its start date')).toBeVisible();
  await shoot(page, 'class-dialog-term', () => expect(dialog.getByLabel('Term ends')).toBeVisible());
  await dialog.getByLabel('Term starts').fill('2026-08-24');
  await dialog.getByLabel('Term ends').fill('2027-01-15');
  await dialog.getByRole('button', { name: 'Add Class' }).click();
  const card = page.getByTestId('class-card').filter({ hasText: 'Algebra I' });
  await expect(card.getByText('Term: Aug 24, 2026 – Jan 15, 2027')).toBeVisible();

  // A second, earlier period, and the students of each, by the API.
  const classes = (await (await page.request.get('/api/classes')).json()) as { id: string; name: string }[];
  const algebra = classes.find((schoolClass) => schoolClass.name === 'Algebra I')!;
  const biology = (await (await page.request.post('/api/classes', { data: { name: 'Biology', period: '1', subject: 'Science' } })).json()) as { id: string };
  expect((await page.request.put(`/api/classes/${algebra.id}/students`, { data: { studentIds: [students.Eli, students.Ava] } })).status()).toBe(200);
  expect((await page.request.put(`/api/classes/${biology.id}/students`, { data: { studentIds: [students.Dee] } })).status()).toBe(200);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sub Plan' }).click();
  const periods = page.getByTestId('sub-plan-class');
  await expect(page.getByText(/^2 classes · as of /)).toBeVisible();
  await expect(periods.getByRole('heading', { level: 2 })).toHaveText(['Period 1: Biology', 'Period 3: Algebra I']);
  const algebraSheet = periods.filter({ hasText: 'Period 3: Algebra I' });
  await expect(algebraSheet.getByText('Room 204 · 2 students')).toBeVisible();
  await expect(algebraSheet.getByTestId('sub-plan-student').getByRole('heading', { level: 3 })).toHaveText(['Ava S. Grade 3', 'Eli R. Grade 4']);
  await expect(algebraSheet.getByTestId('sub-plan-student').filter({ hasText: 'Eli R.' }).getByText('Extended Time', { exact: true })).toBeVisible();
  await expect(periods.filter({ hasText: 'Biology' }).getByTestId('sub-plan-student').getByText('Breaks', { exact: true })).toBeVisible();
  // Accommodations only: no plan dates on the sheet by class.
  await expect(page.getByText('Plan review')).toHaveCount(0);
  await shoot(page, 'sub-plan-by-class', () => expect(algebraSheet).toBeVisible());
  expect(await seriousViolations(page)).toEqual([]);
});
