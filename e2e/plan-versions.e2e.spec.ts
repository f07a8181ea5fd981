import { expect, test, type Browser, type Page } from '@playwright/test';
import { newAccount, signUp } from './account-fixtures.ts';
import { addPlan, addStudent, libraryIds, pickOption, recordMinimum } from './caseload-fixtures.ts';
import { seriousViolations } from './axe-violations.ts';

// A plan is finalised, its teachers acknowledge it, an amendment asks them again.

interface Teacher {
  page: Page;
  name: string;
  email: string;
}

async function teacher(browser: Browser, name: string, width = 1280): Promise<Teacher> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  const { email } = await signUp(page.request, newAccount(name, 'versions'));
  return { page, name, email };
}

/** An owner with a student (Extended Time) shared with a co-teacher, and a draft plan with the least it needs to be finalised (or nothing recorded). */
async function sharedStudentWithPlan(browser: Browser, width?: number, recorded = true) {
  const owner = await teacher(browser, 'Olive Owner', width);
  const coTeacher = await teacher(browser, 'Cole Colleague', width);
  const ids = await libraryIds(owner.page.request);
  const { id: studentId } = await addStudent(owner.page.request, { firstName: 'Ava', lastInitial: 'S', grade: '4', accommodationIds: [ids.get('Extended Time')!] });
  expect((await owner.page.request.post(`/api/students/${studentId}/shares`, { data: { email: coTeacher.email, role: 'co-teacher' } })).status()).toBe(201);
  const { id: planId } = await addPlan(owner.page.request, studentId);
  if (recorded) await recordMinimum(owner.page.request, planId);
  return { owner, coTeacher, studentId, planId };
}

async function finalise(page: Page, planId: string) {
  await page.goto(`/plans/${planId}`);
  await page.getByRole('button', { name: 'Finalise' }).click();
  await page.getByRole('dialog', { name: 'Finalise this plan?' }).getByRole('button', { name: 'Finalise' }).click();
  await expect(page.getByText('Final · version 1')).toBeVisible();
}

test('finalising a plan with nothing recorded lists what it lacks in the dialog, and leaves it a draft', async ({ browser }) => {
  const { owner, planId } = await sharedStudentWithPlan(browser, undefined, false);
  const page = owner.page;
  await page.goto(`/plans/${planId}`);
  await page.getByRole('button', { name: 'Finalise' }).click();
  const dialog = page.getByRole('dialog', { name: 'Finalise this plan?' });
  await dialog.getByRole('button', { name: 'Finalise' }).click();
  const missing = dialog.getByRole('list', { name: 'Missing before the plan can be final' });
  await expect(missing.getByRole('listitem')).toHaveText(['The impairment', 'At least one major life activity it limits', 'Who took part in the meeting']);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Final · version 1')).toHaveCount(0);
  await page.context().close();
});

test('the Finalise confirmation takes focus as it opens, so Enter finalises without a Tab', async ({ browser }) => {
  const { owner, planId } = await sharedStudentWithPlan(browser);
  const page = owner.page;
  await page.goto(`/plans/${planId}`);
  await page.getByRole('button', { name: 'Finalise' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Finalise this plan?' });
  await expect(dialog.getByRole('button', { name: 'Finalise' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Final · version 1')).toBeVisible();
  await page.context().close();
});

test('finalise a plan, a co-teacher acknowledges from the dashboard, amend with a reason, the co-teacher is asked again', async ({ browser }) => {
  test.setTimeout(120_000);
  const { owner, coTeacher, studentId, planId } = await sharedStudentWithPlan(browser);
  await finalise(owner.page, planId);
  const versions = owner.page.getByTestId('plan-signed-versions');
  await expect(versions.getByText('Version 1 · Finalised')).toBeVisible();
  await expect(versions.getByText('Extended Time')).toBeVisible();

  // The co-teacher is asked on the dashboard, and acknowledges there.
  await coTeacher.page.goto('/dashboard');
  const list = coTeacher.page.getByTestId('plans-to-acknowledge');
  await expect(list.getByText('Version 1')).toBeVisible();
  await list.getByRole('button', { name: 'Acknowledge Ava S.’s plan' }).click();
  await expect(list).toHaveCount(0);
  await owner.page.reload();
  await expect(owner.page.getByTestId('plan-acknowledgements').getByText('Cole Colleague')).toBeVisible();
  await expect(owner.page.getByTestId('plan-acknowledgements').getByText(/^Acknowledged /)).toHaveCount(2);

  // The owner amends: a reason, an effective date, one accommodation more.
  await owner.page.getByRole('button', { name: 'Amend' }).click();
  const dialog = owner.page.getByRole('dialog', { name: 'Amend Plan' });
  await dialog.getByLabel('Reason').fill('Small group testing agreed at the review meeting');
  await pickOption(dialog.getByLabel('Accommodations'), 'Breaks');
  // The multiple select stays open after a pick: closed first, so that its list does not cover the dialog's buttons.
  await dialog.getByLabel('Reason').click();
  await expect(owner.page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Amend Plan' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(owner.page.getByText('Final · version 2')).toBeVisible();
  await expect(versions.getByText('Version 2 · Amended')).toBeVisible();
  await expect(versions.getByText('Reason: Small group testing agreed at the review meeting')).toBeVisible();
  await expect(versions.getByRole('list', { name: 'Changes in version 2' }).getByText('Breaks')).toBeVisible();

  // The co-teacher is asked again: on the dashboard and on the student's page.
  await coTeacher.page.goto('/dashboard');
  await expect(coTeacher.page.getByTestId('plans-to-acknowledge').getByText('Version 2')).toBeVisible();
  await coTeacher.page.goto(`/students/${studentId}`);
  const banner = coTeacher.page.getByTestId('acknowledgement-banner');
  await expect(banner.getByText('Plan version 2 needs your acknowledgement')).toBeVisible({ timeout: 15_000 });
  await banner.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(banner).toHaveCount(0);
  await owner.page.context().close();
  await coTeacher.page.context().close();
});

test('the plan record: the owner records the meeting, a co-teacher reads the team and specifics but not the impairment, an amendment shows the change', async ({ browser }) => {
  test.setTimeout(120_000);
  const { owner, coTeacher, planId } = await sharedStudentWithPlan(browser, undefined, false);
  const page = owner.page;
  await page.goto(`/plans/${planId}`);
  const card = page.getByTestId('plan-record');
  await card.getByRole('button', { name: 'Edit Record' }).click();
  await card.getByLabel('Impairment').fill('ADHD, combined presentation');
  await pickOption(card.getByLabel('Major life activities limited'), 'Sleeping');
  // The tags list stays open after a pick, over the fields below it: Escape closes it.
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0);
  await card.getByRole('button', { name: 'Add participant' }).click();
  await card.getByLabel('Participant 1 name').fill('Dana Doe');
  await card.getByLabel('Participant 1 role').fill('Parent');
  await card.getByLabel('Consent date').fill('2025-08-28');
  await pickOption(card.getByLabel('Consent given'), 'In writing');
  await card.getByLabel('Extended Time: specifics').fill('1.5× on tests and quizzes');
  await card.getByLabel('Extended Time: where').fill('Resource room');
  await card.getByRole('button', { name: 'Save Record' }).click();
  await expect(card.getByText('ADHD, combined presentation')).toBeVisible();
  await expect(card.getByText('Dana Doe (Parent)')).toBeVisible();
  await expect(card.getByText('Aug 28, 2025, in writing')).toBeVisible();
  await expect(card.getByRole('list', { name: 'Specifics for this student' })).toContainText('Extended Time: 1.5× on tests and quizzes · Resource room');

  // A co-teacher carries the plan out: the specifics and the team, never the impairment or consent.
  await coTeacher.page.goto(`/plans/${planId}`);
  const seen = coTeacher.page.getByTestId('plan-record');
  // A new browser's first load of the app: on a busy machine that takes a while.
  await expect(seen.getByText('Dana Doe (Parent)')).toBeVisible({ timeout: 15_000 });
  await expect(seen.getByText('1.5× on tests and quizzes', { exact: false })).toBeVisible();
  await expect(seen.getByText('ADHD')).toHaveCount(0);
  await expect(seen.getByText('Impairment')).toHaveCount(0);

  // Final, the record changes by amendment; the versions show what changed.
  await finalise(page, planId);
  await card.getByRole('button', { name: 'Edit Record' }).click();
  await card.getByLabel('Extended Time: how often').fill('Every test');
  await card.getByLabel('Reason for the amendment').fill('Frequency agreed at the review');
  await card.getByRole('button', { name: 'Save Record' }).click();
  await expect(page.getByText('Final · version 2')).toBeVisible();
  const changes = page.getByTestId('plan-signed-versions').getByRole('list', { name: 'Changes in version 2' });
  await expect(changes).toContainText('Specifics (Extended Time): 1.5× on tests and quizzes · Resource room → 1.5× on tests and quizzes · Resource room · Every test');
  await page.context().close();
  await coTeacher.page.context().close();
});

test('saving the student form with changed accommodations while a plan is final offers the amendment', async ({ browser }) => {
  const { owner, studentId, planId } = await sharedStudentWithPlan(browser);
  await finalise(owner.page, planId);
  await owner.page.goto(`/students/edit/${studentId}`);
  await owner.page.getByRole('checkbox', { name: /^Small Group/ }).check();
  await owner.page.getByRole('button', { name: 'Update Student' }).click();
  const dialog = owner.page.getByRole('dialog', { name: 'Amend Plan' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Reason').fill('Agreed with the parent by phone');
  await dialog.getByRole('button', { name: 'Amend Plan' }).click();
  await expect(owner.page).toHaveURL(/\/students$/);
  const versions = (await (await owner.page.request.get(`/api/plans/${planId}/versions`)).json()) as { version: number; reason: string }[];
  expect(versions[0]).toMatchObject({ version: 2, reason: 'Agreed with the parent by phone' });
  await owner.page.context().close();
});

for (const width of [1280, 375]) {
  test(`axe: the plan's versions, acknowledgements and Amend dialog, the dashboard's list and the student's banner at ${width} px`, async ({ browser }, testInfo) => {
    // Two browsers and the plan record's form besides.
    test.setTimeout(120_000);
    // What a teacher sees, kept with the run's results to look at (test-results/…).
    const shot = (page: Page, name: string) => page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
    const { owner, coTeacher, studentId, planId } = await sharedStudentWithPlan(browser, width);
    await finalise(owner.page, planId);
    await expect(owner.page.getByTestId('plan-acknowledgements')).toBeVisible();
    expect(await seriousViolations(owner.page), 'plan page').toEqual([]);
    await shot(owner.page, 'plan-page');
    await owner.page.getByRole('button', { name: 'Amend' }).click();
    await expect(owner.page.getByRole('dialog', { name: 'Amend Plan' })).toBeVisible();
    expect(await seriousViolations(owner.page), 'amend dialog').toEqual([]);
    await shot(owner.page, 'amend-dialog');
    await owner.page.keyboard.press('Escape');
    await expect(owner.page.getByRole('dialog', { name: 'Amend Plan' })).toHaveCount(0);
    // The plan record's form, as it opens on a final plan: the amendment's fields under it.
    await owner.page.getByTestId('plan-record').getByRole('button', { name: 'Edit Record' }).click();
    await expect(owner.page.getByLabel('Reason for the amendment')).toBeVisible();
    expect(await seriousViolations(owner.page), 'plan record form').toEqual([]);
    await shot(owner.page, 'plan-record-form');
    await coTeacher.page.goto('/dashboard');
    await expect(coTeacher.page.getByTestId('plans-to-acknowledge')).toBeVisible();
    expect(await seriousViolations(coTeacher.page), 'dashboard').toEqual([]);
    await shot(coTeacher.page, 'dashboard');
    await coTeacher.page.goto(`/students/${studentId}`);
    // The student's page loads its record and the pending list together: on a busy machine that takes a while.
    await expect(coTeacher.page.getByTestId('acknowledgement-banner')).toBeVisible({ timeout: 15_000 });
    expect(await seriousViolations(coTeacher.page), 'student banner').toEqual([]);
    await shot(coTeacher.page, 'student-banner');
    await owner.page.context().close();
    await coTeacher.page.context().close();
  });
}
