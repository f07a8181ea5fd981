import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { addPlan, addStudent, dayFromToday, libraryIds, signUpTeacher } from './caseload-fixtures.ts';
import { newAccount, signUp } from './account-fixtures.ts';
import { seriousViolations } from './axe-violations.ts';

const SPECIFICS = '1.5× on tests and quizzes · Resource room · Every test';

/** A plan whose record gives the accommodation's specifics for this student (and an impairment no teacher's day shows). */
async function planWithSpecifics(request: APIRequestContext, studentId: string, accommodationId: string) {
  const { id } = await addPlan(request, studentId);
  const record = { impairment: 'Dyslexia', specifics: [{ accommodationId, details: '1.5× on tests and quizzes', where: 'Resource room', frequency: 'Every test' }] };
  expect((await request.put(`/api/plans/${id}/record`, { data: record })).status()).toBe(200);
}

/** A class with one student who has two accommodations, for the day view. */
async function classWithAvery(request: APIRequestContext) {
  const ids = [...(await libraryIds(request)).entries()].slice(0, 2);
  const student = await addStudent(request, { firstName: 'Avery', lastInitial: 'K', grade: '5', accommodationIds: ids.map(([, id]) => id) });
  const created = await request.post('/api/classes', { data: { name: 'Period 3 Algebra I', period: '3' } });
  const classId = ((await created.json()) as { id: string }).id;
  const enrolled = await request.put(`/api/classes/${classId}/students`, { data: { studentIds: [student.id] }, headers: { 'If-Match': created.headers().etag ?? '' } });
  expect(enrolled.status()).toBe(200);
  await planWithSpecifics(request, student.id, ids[0]![1]);
  return { studentId: student.id, classId, accommodations: ids.map(([name, id]) => ({ name, id })) };
}

test.describe('the implementation log on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('logs a day with the network cut and restored: kept while offline, sent once when back', async ({ page, context }) => {
    await signUpTeacher(page);
    const { studentId, classId, accommodations } = await classWithAvery(page.request);
    const [first, second] = accommodations as [{ name: string; id: string }, { name: string; id: string }];

    await page.goto(`/classes/${classId}`);
    await page.getByRole('button', { name: 'Log today' }).click();
    await expect(page).toHaveURL(/\/implementation\/log\?classId=/);
    const status = page.locator('.implog__status');
    await expect(status).toHaveText('Every entry is saved.');
    await expect(page.locator('.implog__source')).toContainText('Period 3 Algebra I');
    // Under the accommodation's name, what the plan says of it for this student; never the impairment.
    await expect(page.getByText(SPECIFICS)).toBeVisible();
    await expect(page.getByRole('radiogroup', { name: `${first.name}: what happened` })).toHaveAccessibleDescription(SPECIFICS);
    await expect(page.getByText('Dyslexia')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    const allProvided = page.getByRole('button', { name: 'All provided' });
    // Big targets for a classroom: at least 44 px high.
    expect((await allProvided.boundingBox())!.height).toBeGreaterThanOrEqual(44);

    await context.setOffline(true);
    await allProvided.click();
    await expect(status).toContainText('2 entries waiting to be sent');
    await expect(status).toContainText('you are offline');
    // Then an exception: the second was refused, with a note. It replaces the waiting 'provided', not adds to it.
    const outcomes = page.getByRole('radiogroup', { name: `${second.name}: what happened` });
    const refused = outcomes.locator('label').filter({ hasText: 'Refused' });
    expect((await refused.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await refused.click();
    await page.getByLabel(`Note on ${second.name} (optional)`).fill('Wanted to finish with the class');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(status).toContainText('2 entries waiting to be sent');

    await context.setOffline(false);
    await expect(status).toHaveText('Every entry is saved.');
    const logged = (await (await page.request.get(`/api/students/${studentId}/implementation-log`)).json()) as { accommodationId: string; outcome: string; note: string | null }[];
    expect(logged).toHaveLength(2);
    expect(logged.find((entry) => entry.accommodationId === first.id)).toMatchObject({ outcome: 'provided' });
    expect(logged.find((entry) => entry.accommodationId === second.id)).toMatchObject({ outcome: 'refused', note: 'Wanted to finish with the class' });

    // The student's Implementation tab shows this week and offers the CSV.
    await page.goto(`/students/${studentId}?tab=implementation`);
    await expect(page.getByRole('region', { name: first.name })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Export CSV' })).toBeVisible();
  });

  test('an entry the server refuses stays on screen as not saved, with the student and the reason', async ({ page }) => {
    await signUpTeacher(page);
    const { classId } = await classWithAvery(page.request);
    // A month ago Avery was not on the record yet: the server refuses entries for that day.
    await page.goto(`/implementation/log?classId=${classId}&date=${dayFromToday(-30)}`);
    await page.getByRole('button', { name: 'Mark everyone provided' }).click();
    const refused = page.getByTestId('refused-entries');
    await expect(refused).toContainText('Avery K.', { timeout: 20_000 });
    await expect(refused).toContainText('The student was not on the caseload yet on that date');
    await expect(refused.getByRole('listitem')).toHaveCount(2);
    await expect(page.locator('.implog__status')).toHaveText('2 entries not saved: the server refused them.');
    await expect(page.getByText('Every entry is saved.')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/shots-implog/refused-375.png', fullPage: true });
    // Read and dismissed, the page says again what holds.
    await refused.getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.locator('.implog__status')).toHaveText('Every entry is saved.');
  });
});

interface Teacher {
  page: Page;
  email: string;
}

async function teacherIn(browser: Browser, name: string, width: number): Promise<Teacher> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  const { email } = await signUp(page.request, newAccount(name, 'implog'));
  return { page, email };
}

test('a teacher without classes logs a day for their own caseload, and a colleague’s open views show it without reloading', async ({ browser }) => {
  test.setTimeout(120_000);
  const owner = await teacherIn(browser, 'Olive Owner', 1280);
  const coTeacher = await teacherIn(browser, 'Cole Colleague', 375);
  const ids = await libraryIds(owner.page.request);
  const extendedTime = ids.get('Extended Time')!;
  const { id: studentId } = await addStudent(owner.page.request, { firstName: 'Blake', lastInitial: 'N', grade: '7', accommodationIds: [extendedTime] });
  await planWithSpecifics(owner.page.request, studentId, extendedTime);
  expect((await owner.page.request.post(`/api/students/${studentId}/shares`, { data: { email: coTeacher.email, role: 'co-teacher' } })).status()).toBe(201);
  const outcomes = (page: Page) => page.getByRole('radiogroup', { name: 'Extended Time: what happened' });

  // The owner keeps the caseload's day open on a desktop.
  await owner.page.goto('/implementation/log?caseload=1');
  await expect(outcomes(owner.page).getByRole('radio', { name: 'Provided', exact: true })).not.toBeChecked();
  expect(await seriousViolations(owner.page)).toEqual([]);

  // The co-teacher, who has no class, chooses their caseload on a phone and marks the day.
  await coTeacher.page.goto('/implementation/log');
  await expect(coTeacher.page.getByText('You have no active classes yet: log for your caseload, or create a class.')).toBeVisible();
  expect(await seriousViolations(coTeacher.page)).toEqual([]);
  await coTeacher.page.getByRole('link', { name: 'My caseload' }).click();
  await expect(coTeacher.page).toHaveURL(/\/implementation\/log\?caseload=1/);
  await expect(coTeacher.page.locator('.implog__source')).toContainText('My caseload');
  const blake = coTeacher.page.getByRole('region', { name: /Blake N\./ });
  await expect(blake.getByText(SPECIFICS)).toBeVisible();
  await blake.getByRole('button', { name: 'All provided' }).click();
  await expect(coTeacher.page.locator('.implog__status')).toHaveText('Every entry is saved.');

  // The owner's open day shows it, no reload.
  await expect(outcomes(owner.page).getByRole('radio', { name: 'Provided', exact: true })).toBeChecked();

  // So does the student's Implementation tab: the week turns from provided to 'not due' when the co-teacher says absent.
  await owner.page.goto(`/students/${studentId}?tab=implementation`);
  const week = owner.page.getByRole('region', { name: 'Extended Time' }).locator('.implog-heat__cell').last();
  await expect(week).toHaveAttribute('title', /provided 1 of 1 times/);
  await outcomes(coTeacher.page).locator('label').filter({ hasText: 'Absent' }).click();
  await coTeacher.page.getByRole('button', { name: 'Save' }).click();
  await expect(week).toHaveAttribute('title', /not due \(absent or not needed\)/);
});

