import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { newAccount, signUp } from './account-fixtures.ts';
import { addPlan, addStudent, libraryIds, pickOption } from './caseload-fixtures.ts';

// A teacher's classes, their enrolment, and the roster that shows what each student needs at a glance.

const outDir = '.tmp/screens';

async function teacher(browser: Browser, name: string): Promise<{ page: Page; email: string }> {
  const page = await (await browser.newContext()).newPage();
  const { email } = await signUp(page.request, newAccount(name, 'classes'));
  return { page, email };
}

test('create a class, enrol students, open the roster matrix; a co-teacher of the class sees a student added live', async ({ browser }) => {
  // Two teachers' browsers and a dozen screens: longer than one screen's test.
  test.setTimeout(120_000);
  const olga = await teacher(browser, 'Olga Owner');
  const ids = await libraryIds(olga.page.request);
  const accommodations = (...names: string[]) => names.map((name) => ids.get(name)!);
  const ava = await addStudent(olga.page.request, { firstName: 'Ava', lastInitial: 'S', grade: '3', accommodationIds: accommodations('Extended Time', 'Breaks') });
  await addPlan(olga.page.request, ava.id);
  await addStudent(olga.page.request, { firstName: 'Ben', lastInitial: 'T', grade: '3' });
  const cal = await addStudent(olga.page.request, { firstName: 'Cal', lastInitial: 'U', grade: '4', accommodationIds: accommodations('Extended Time', 'Visual Schedule', 'Quiet Space') });

  // Olga adds the class from the Classes page.
  await olga.page.goto('/students');
  await olga.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Classes' }).click();
  await olga.page.getByRole('button', { name: 'Add Class' }).click();
  const dialog = olga.page.getByRole('dialog', { name: 'Add Class' });
  await dialog.getByRole('button', { name: 'Add Class' }).click();
  await expect(dialog.getByText('Class name is required')).toBeVisible();
  await dialog.getByLabel('Class name').fill('Period 3 Algebra I');
  await dialog.getByLabel('Period').fill('3');
  await dialog.getByRole('button', { name: 'Add Class' }).click();
  const card = olga.page.getByTestId('class-card').filter({ hasText: 'Period 3 Algebra I' });
  await expect(card.getByText('Period 3 · 0 students')).toBeVisible();

  // She enrols Ava and Ben.
  await card.getByRole('button', { name: 'Students' }).click();
  const enrolment = olga.page.getByRole('dialog', { name: 'Students of Period 3 Algebra I' });
  const picker = enrolment.getByRole('combobox');
  for (const label of ['Ava S. (Grade 3)', 'Ben T. (Grade 3)']) {
    await picker.fill(label.slice(0, 3));
    await expect(olga.page.locator('.ant-select-item-option-active')).toContainText(label);
    await picker.press('Enter');
    await expect(enrolment.getByText(label, { exact: true })).toBeVisible();
  }
  await picker.press('Escape');
  await enrolment.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByText('Period 3 · 2 students')).toBeVisible();
  const classId = new URL(await card.getByRole('link', { name: 'Period 3 Algebra I' }).evaluate((link) => (link as HTMLAnchorElement).href)).pathname.split('/').pop()!;

  // Tom, a co-teacher of the class, opens its roster.
  const tom = await teacher(browser, 'Tom Teacher');
  expect((await olga.page.request.post(`/api/classes/${classId}/teachers`, { data: { email: tom.email } })).status()).toBe(201);
  await expect.poll(async () => (await tom.page.request.get(`/api/classes/${classId}/roster`)).status()).toBe(200);
  const socket = tom.page.waitForEvent('websocket', (ws) => ws.url().includes('/socket.io/'));
  await tom.page.goto(`/classes/${classId}`);
  await socket;
  const matrix = tom.page.getByTestId('roster-matrix');
  // The first visit loads the roster's chunk; on a shared CI machine that can take a while.
  await expect(matrix.getByTestId('roster-row')).toHaveCount(2, { timeout: 20_000 });
  await expect(matrix.getByRole('columnheader', { name: 'Academic' })).toBeVisible();
  await expect(matrix.getByTestId('roster-row').filter({ hasText: 'Ava S.' }).getByRole('img', { name: 'Extended Time' })).toBeVisible();

  // Olga enrols Cal: Tom's roster follows without a reload.
  const current = (await (await olga.page.request.get(`/api/classes/${classId}`)).json()) as { studentIds: string[]; revision: number };
  const enrolled = await olga.page.request.put(`/api/classes/${classId}/students`, { data: { studentIds: [...current.studentIds, cal.id] }, headers: { 'If-Match': `"${current.revision}"` } });
  expect(enrolled.status()).toBe(200);
  await expect(matrix.getByTestId('roster-row')).toHaveCount(3);
  await expect(matrix.getByRole('columnheader', { name: 'Organizational' })).toBeVisible();

  // Sort by need, then 'Needs today' hides Ben, who has none.
  await tom.page.getByText('Most accommodations').click();
  await expect(matrix.getByTestId('roster-row').first()).toContainText('Cal U.');
  await tom.page.getByRole('switch', { name: 'Needs today' }).click();
  await expect(matrix.getByTestId('roster-row')).toHaveCount(2);
  await expect(matrix.getByText('Ben T.')).toHaveCount(0);

  // Each name opens the student, as a class teacher sees it: no parent information.
  mkdirSync(outDir, { recursive: true });
  await tom.page.setViewportSize({ width: 1280, height: 800 });
  await tom.page.screenshot({ path: `${outDir}/class-roster-1280.png`, fullPage: true });
  await tom.page.setViewportSize({ width: 375, height: 800 });
  await expect(tom.page.getByTestId('roster-matrix')).toHaveCount(0);
  await expect(tom.page.getByTestId('roster-row').filter({ hasText: 'Cal U.' }).getByText('Visual Schedule')).toBeVisible();
  expect(await tom.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await tom.page.screenshot({ path: `${outDir}/class-roster-375.png`, fullPage: true });

  // Tom prints the roster: each student on it has the print in the access log, marked as reached through the class.
  await tom.page.setViewportSize({ width: 1280, height: 800 });
  await tom.page.getByRole('switch', { name: 'Needs today' }).click();
  await tom.page.evaluate(() => {
    window.print = () => undefined;
  });
  const recorded = tom.page.waitForResponse((response) => response.url().endsWith('/roster/print'));
  await tom.page.getByRole('button', { name: 'Print' }).click();
  expect((await recorded).status()).toBe(204);
  const log = (await (await olga.page.request.get(`/api/students/${ava.id}/access-log`)).json()) as { action: string; what: string; user: { name: string } }[];
  expect(log).toContainEqual(expect.objectContaining({ action: 'print', what: 'Class roster (printed) (through a class)', user: expect.objectContaining({ name: 'Tom Teacher' }) }));
  // On paper: the roster with the date and the confidentiality line, and nothing to click.
  await tom.page.emulateMedia({ media: 'print' });
  await expect(tom.page.getByText('Confidential: student education record (FERPA)')).toBeVisible();
  await expect(tom.page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(tom.page.getByTestId('roster-row')).toHaveCount(3);
  await tom.page.screenshot({ path: `${outDir}/class-roster-print.png`, fullPage: true });
  await tom.page.emulateMedia({ media: 'screen' });
  await tom.page.getByRole('link', { name: 'Ava S.' }).click();
  await expect(tom.page.locator('.page-header__description')).toContainText('Grade 3');
  await expect(tom.page.getByRole('button', { name: 'Edit Student' })).toHaveCount(0);
  await olga.page.context().close();
  await tom.page.context().close();
});

test('the classes list at 1280 and 375 px: each class with its period, students and teachers, nothing sideways', async ({ browser }) => {
  const olga = await teacher(browser, 'Olga Owner');
  for (const [name, period] of [['Period 1 Biology', '1'], ['Period 3 Algebra I', '3']]) {
    expect((await olga.page.request.post('/api/classes', { data: { name, period, subject: 'Science', room: '204' } })).status()).toBe(201);
  }
  mkdirSync(outDir, { recursive: true });
  await olga.page.setViewportSize({ width: 1280, height: 800 });
  await olga.page.goto('/classes');
  await expect(olga.page.getByTestId('class-card')).toHaveCount(2, { timeout: 20_000 });
  await expect(olga.page.getByTestId('class-card').first()).toContainText('Period 1 · Science · Room 204 · 0 students');
  await olga.page.screenshot({ path: `${outDir}/classes-1280.png`, fullPage: true });
  await olga.page.setViewportSize({ width: 375, height: 800 });
  expect(await olga.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await olga.page.screenshot({ path: `${outDir}/classes-375.png`, fullPage: true });
  await olga.page.context().close();
});

test('a caseload of 200 students with every accommodation: a 40-student roster shows them all, and the students list filters by Class AND Grade and groups by Class', async ({ browser }) => {
  // Two hundred students through the API, then four screens over them (35-50 s on a busy 2-core machine).
  test.setTimeout(180_000);
  const olga = await teacher(browser, 'Olga Owner');
  expect((await olga.page.request.post('/api/upgrade-to-premium', { data: {} })).status()).toBe(200);
  const every = [...(await libraryIds(olga.page.request)).values()];
  const names = 'Ava Ben Cal Dee Eli Fay Gus Hal Ida Jon'.split(' ');
  const ids: string[] = [];
  for (let batch = 0; batch < 10; batch += 1) {
    const added = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const n = batch * 20 + i;
        // Grades 1-5 in turn, so each grade holds a fifth of any run of students.
        return addStudent(olga.page.request, { firstName: `${names[n % 10]}${n}`, lastInitial: 'Z', grade: String((n % 5) + 1), accommodationIds: every });
      }),
    );
    ids.push(...added.map(({ id }) => id));
  }
  const created = await olga.page.request.post('/api/classes', { data: { name: 'Period 2 Chemistry', period: '2' } });
  const { id: classId, revision } = (await created.json()) as { id: string; revision: number };
  const enrolled = await olga.page.request.put(`/api/classes/${classId}/students`, { data: { studentIds: ids.slice(0, 40) }, headers: { 'If-Match': `"${revision}"` } });
  expect(enrolled.status()).toBe(200);

  // The roster: 40 rows, each with a dot for every accommodation of the library.
  await olga.page.setViewportSize({ width: 1280, height: 800 });
  await olga.page.goto(`/classes/${classId}`);
  const rows = olga.page.getByTestId('roster-matrix').getByTestId('roster-row');
  await expect(rows).toHaveCount(40, { timeout: 20_000 });
  await expect(rows.first().getByRole('img')).toHaveCount(every.length);
  await expect(rows.last().getByRole('img')).toHaveCount(every.length);

  // The students list: 60 cards at a time of the 200; the Class filter leaves the 40, and Grade 3 with it the 8 of them
  // in grade 3.
  await olga.page.goto('/students');
  await expect(olga.page.getByTestId('student-card')).toHaveCount(60, { timeout: 20_000 });
  await olga.page.getByRole('button', { name: 'Show more (140 left)' }).click();
  await expect(olga.page.getByTestId('student-card')).toHaveCount(120);
  await olga.page.getByRole('button', { name: 'Filters' }).click();
  await pickOption(olga.page.getByRole('combobox', { name: 'Class' }), 'Period 2 Chemistry');
  await expect(olga.page.getByTestId('student-card')).toHaveCount(40);
  await expect(olga.page.getByRole('button', { name: /Show more/ })).toHaveCount(0);
  await pickOption(olga.page.getByRole('combobox', { name: 'Grade' }), 'Grade 3');
  await expect(olga.page.getByTestId('student-card')).toHaveCount(8);
  await expect(olga.page.getByTestId('student-card').filter({ hasText: 'Cal12' })).toHaveCount(1);
  await expect(olga.page.getByTestId('student-card').filter({ hasText: 'Cal42' })).toHaveCount(0);
  await olga.page.setViewportSize({ width: 375, height: 800 });
  expect(await olga.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // Grouped by Class, without the filters: the class's 40, and the 160 in no class.
  await olga.page.setViewportSize({ width: 1280, height: 800 });
  await pickOption(olga.page.getByRole('combobox', { name: 'Class' }), 'All Classes');
  await pickOption(olga.page.getByRole('combobox', { name: 'Grade' }), 'All Grades');
  await olga.page.getByLabel('Group Students By').getByText('Class').click();
  await expect(olga.page.getByRole('heading', { name: 'Period 2 Chemistry (40 students)' })).toBeVisible();
  await expect(olga.page.getByRole('heading', { name: 'No class (160 students)' })).toBeVisible();

  // The usage view: every accommodation of the library, each with all 200 students; by the class, 40.
  await olga.page.goto('/accommodations/at-a-glance');
  const entries = olga.page.getByTestId('usage-entry');
  await expect(entries).toHaveCount(every.length, { timeout: 20_000 });
  await expect(entries.first().getByRole('heading')).toHaveText(/: 200 students$/);
  await pickOption(olga.page.getByRole('combobox', { name: 'Class' }), 'Period 2 Chemistry');
  await expect(entries.last().getByRole('heading')).toHaveText(/: 40 students$/);
  await olga.page.context().close();
});
