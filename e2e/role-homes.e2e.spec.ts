import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { newAccount, signUp } from './account-fixtures.ts';
import { addPlan, addStudent, dayFromToday } from './caseload-fixtures.ts';
import { checkedScreenshots } from './layout-checks.ts';

// A district's first day: each role lands on a home that fits it, and a district's staff see no personal plan's price.

const shots = '.tmp/screens';

async function person(browser: Browser, name: string): Promise<{ page: Page; email: string; id: string }> {
  const page = await (await browser.newContext()).newPage();
  const { email, id } = await signUp(page.request, newAccount(name, 'homes'));
  return { page, email, id };
}

async function created(request: APIRequestContext, path: string, data: object): Promise<string> {
  const response = await request.post(path, { data });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

test('a district admin, a coordinator and a teacher each land on their own home; a teacher on their own keeps the quick-start', async ({ browser }) => {
  test.setTimeout(300_000);
  const dana = await person(browser, 'Dana District');
  const cora = await person(browser, 'Cora Coordinator');
  const tom = await person(browser, 'Tom Teacher');
  const pat = await person(browser, 'Pat Personal');
  const districtId = await created(dana.page.request, '/api/districts', { name: 'Lakeside USD' });
  const northId = await created(dana.page.request, `/api/districts/${districtId}/schools`, { name: 'North Middle' });
  for (const [email, role] of [[cora.email, 'coordinator'], [tom.email, 'teacher']] as const) {
    expect((await dana.page.request.post(`/api/schools/${northId}/staff`, { data: { email, role } })).status()).toBe(201);
  }
  const ava = await addStudent(tom.page.request, { firstName: 'Ava', lastInitial: 'S', grade: '6', schoolId: northId });
  await addPlan(tom.page.request, ava.id, { startDate: '2026-09-01', reviewDate: dayFromToday(10) });
  await created(tom.page.request, '/api/classes', { name: 'Science 6', period: '2', room: 'Room 112', schoolId: northId });

  // The district admin lands on the district's dashboard.
  await dana.page.goto('/');
  await expect(dana.page).toHaveURL(new RegExp(`/districts/${districtId}/dashboard$`), { timeout: 30_000 });
  await expect(dana.page.getByRole('heading', { level: 1 })).toHaveText('Lakeside USD: District Dashboard');

  // The coordinator: reviews due, plans not yet acknowledged and gaps in the log, for her school.
  await cora.page.goto('/');
  await expect(cora.page.getByRole('heading', { level: 1, name: 'Your schools' })).toBeVisible({ timeout: 30_000 });
  await expect(cora.page.getByTestId('my-schools').getByRole('link', { name: 'North Middle' })).toBeVisible();
  await expect(cora.page.getByTestId('reviews-due').getByRole('link', { name: 'Ava S.' })).toBeVisible();
  await expect(cora.page.getByTestId('unacknowledged-plans')).toBeVisible();
  await expect(cora.page.getByTestId('log-gaps')).toBeVisible();
  await expect(cora.page.getByText('Quick Start Guide')).toHaveCount(0);
  await checkedScreenshots(cora.page, shots, 'home-coordinator', { axeAtPhoneWidth: true });

  // On Ava's page, Tab in 'Assign case manager' only moves on; the Assign button assigns.
  await cora.page.goto(`/students/${ava.id}`);
  const schoolCard = cora.page.getByTestId('student-school');
  const manager = schoolCard.getByRole('combobox', { name: 'Assign case manager' });
  await manager.focus({ timeout: 30_000 });
  await cora.page.keyboard.press('ArrowDown');
  await cora.page.keyboard.press('Tab');
  await expect(schoolCard).toContainText('Case managerNone');
  await expect(cora.page.getByText('Case manager assigned')).toHaveCount(0);
  await manager.focus();
  await cora.page.keyboard.press('ArrowDown');
  await cora.page.keyboard.press('Enter');
  await schoolCard.getByRole('button', { name: 'Assign' }).click();
  await expect(cora.page.getByText('Case manager assigned')).toBeVisible();
  await expect(schoolCard).not.toContainText('Case managerNone');

  // The teacher: today's classes, each a step from its day log, and the plans to acknowledge.
  await tom.page.goto('/');
  await expect(tom.page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible({ timeout: 30_000 });
  const classes = tom.page.getByTestId('todays-classes');
  await expect(classes.getByRole('link', { name: 'Science 6', exact: true })).toBeVisible();
  await expect(classes).toContainText('Period 2 · Room 112 · 0 students');
  await expect(classes.getByRole('link', { name: 'Log today for Science 6' })).toHaveAttribute('href', /\/implementation\/log\?classId=/);
  await expect(tom.page.getByText('Every plan you were asked about is acknowledged.')).toBeVisible();
  await expect(tom.page.getByText('Add your students')).toHaveCount(0);
  await checkedScreenshots(tom.page, shots, 'home-teacher', { axeAtPhoneWidth: true });

  // A district's staff are told no personal plan's price.
  await tom.page.goto('/settings');
  await expect(tom.page.locator('.ant-descriptions-item').filter({ hasText: 'Account Type' })).toContainText('School staff', { timeout: 30_000 });
  await tom.page.goto('/notifications');
  await expect(tom.page.getByRole('heading', { name: 'Notification Settings' })).toBeVisible();
  await expect(tom.page.getByText(/Need more than \d+ students/)).toHaveCount(0);

  // A teacher on their own keeps the quick-start, the Free plan and its upgrade.
  await pat.page.goto('/');
  await expect(pat.page.getByText('Quick Start Guide')).toBeVisible({ timeout: 30_000 });
  await checkedScreenshots(pat.page, shots, 'home-personal');
  await pat.page.goto('/settings');
  await expect(pat.page.locator('.ant-descriptions-item').filter({ hasText: 'Account Type' })).toContainText('Free');
  await pat.page.goto('/notifications');
  await expect(pat.page.getByText(/Need more than \d+ students/)).toBeVisible();
});

test('the sign-up an invitation opens says nothing of the personal plan’s price', async ({ page }) => {
  await page.goto('/register?invited=1');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Create your account to join your school’s team.')).toBeVisible();
  await expect(page.getByText(/Free for up to/)).toHaveCount(0);
  await page.goto('/register');
  await expect(page.getByText(/Free for up to \d+ students/)).toBeVisible({ timeout: 30_000 });
});
