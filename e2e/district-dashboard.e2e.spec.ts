import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { newAccount, signUp } from './account-fixtures.ts';
import { addPlan, addStudent, dayFromToday, libraryIds, recordMinimum } from './caseload-fixtures.ts';
import { checkedScreenshots } from './layout-checks.ts';

// The district dashboard. A district admin reads every school's figures; a teacher edits a student of a
// school and the admin's dashboard follows without a reload.

const shots = '/tmp/shots-district';

async function person(browser: Browser, name: string): Promise<{ page: Page; email: string; id: string }> {
  const page = await (await browser.newContext()).newPage();
  const { email, id } = await signUp(page.request, newAccount(name, 'district'));
  return { page, email, id };
}

async function created(request: APIRequestContext, path: string, data: object): Promise<string> {
  const response = await request.post(path, { data });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

test('a district admin reads each school’s figures, and sees them change as a teacher edits a student', async ({ browser }) => {
  test.setTimeout(120_000);
  const dana = await person(browser, 'Dana District');
  const tom = await person(browser, 'Tom Teacher');
  const districtId = await created(dana.page.request, '/api/districts', { name: 'Lakeside USD' });
  const northId = await created(dana.page.request, `/api/districts/${districtId}/schools`, { name: 'North Middle' });
  await created(dana.page.request, `/api/districts/${districtId}/schools`, { name: 'South High' });
  expect((await dana.page.request.post(`/api/schools/${northId}/staff`, { data: { email: tom.email, role: 'teacher' } })).status()).toBe(201);

  const ids = await libraryIds(tom.page.request);
  const ava = await addStudent(tom.page.request, { firstName: 'Ava', lastInitial: 'S', grade: '6', schoolId: northId, accommodationIds: [ids.get('Extended Time')!, ids.get('Breaks')!] });
  await addPlan(tom.page.request, ava.id, { startDate: '2026-01-05', reviewDate: dayFromToday(-3) });
  const ben = await addStudent(tom.page.request, { firstName: 'Ben', lastInitial: 'T', grade: '7', schoolId: northId, accommodationIds: [ids.get('Extended Time')!] });
  await addPlan(tom.page.request, ben.id, { startDate: '2026-01-05', reviewDate: dayFromToday(20) });

  // A district admin's home is the district's dashboard.
  const page = dana.page;
  await page.goto('/dashboard');
  await expect(page).toHaveURL(new RegExp(`/districts/${districtId}/dashboard$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lakeside USD: District Dashboard');
  const north = page.getByRole('row', { name: /North Middle/ });
  // Students, with an active plan, due within 30 days, overdue, without accommodations, staff, plans not acknowledged,
  // school days logged (no plan is final yet, so none is in force).
  await expect(north.getByRole('cell')).toHaveText(['2', '2', '1', '1', '0', '1', '0', 'No plan in force'], { timeout: 20_000 });
  await expect(page.getByRole('row', { name: /South High/ }).getByRole('cell')).toHaveText(['0', '0', '0', '0', '0', '0', '0', 'No plan in force']);
  await expect(page.getByRole('row', { name: /All schools/ })).toContainText('2');
  const chart = page.getByRole('figure');
  await expect(chart.locator('svg.recharts-surface')).toBeVisible();
  await expect(chart.getByRole('listitem')).toHaveText(['Extended Time: 2 students', 'Breaks: 1 student']);
  await checkedScreenshots(page, shots, 'district-dashboard', { axeAtPhoneWidth: true });

  // Tom takes Ben's accommodations off: Dana's screen follows, no reload.
  const update = await tom.page.request.put(`/api/students/${ben.id}`, { data: { firstName: 'Ben', lastInitial: 'T', grade: '7', status: 'active', accommodationIds: [] } });
  expect(update.status()).toBe(200);
  await expect(north.getByRole('cell')).toHaveText(['2', '2', '1', '1', '1', '1', '0', 'No plan in force']);
  await expect(chart.getByRole('listitem')).toHaveText(['Breaks: 1 student', 'Extended Time: 1 student']);

  // Tom has no way in.
  await tom.page.goto(`/districts/${districtId}/dashboard`);
  await expect(tom.page.getByRole('heading', { level: 1 })).toHaveText('District not found', { timeout: 20_000 });
});

test('a final plan a teacher has not acknowledged shows on the dashboard, opens its list, and is on the coordinator’s home from one request', async ({ browser }) => {
  test.setTimeout(180_000);
  const dana = await person(browser, 'Dana District');
  const cora = await person(browser, 'Cora Coordinator');
  const tom = await person(browser, 'Tom Teacher');
  const districtId = await created(dana.page.request, '/api/districts', { name: 'Lakeside USD' });
  const northId = await created(dana.page.request, `/api/districts/${districtId}/schools`, { name: 'North Middle' });
  for (const [email, role] of [[cora.email, 'coordinator'], [tom.email, 'teacher']] as const) {
    expect((await dana.page.request.post(`/api/schools/${northId}/staff`, { data: { email, role } })).status()).toBe(201);
  }
  const ids = await libraryIds(tom.page.request);
  const ava = await addStudent(tom.page.request, { firstName: 'Ava', lastInitial: 'S', grade: '6', schoolId: northId, accommodationIds: [ids.get('Extended Time')!] });
  const plan = await addPlan(tom.page.request, ava.id, { startDate: '2026-01-05', reviewDate: dayFromToday(90) });
  // The coordinator finalises it, so Tom, its teacher, is asked to acknowledge it.
  await recordMinimum(cora.page.request, plan.id);
  expect((await cora.page.request.post(`/api/plans/${plan.id}/finalise`)).status()).toBe(200);

  const page = dana.page;
  await page.goto(`/districts/${districtId}/dashboard`);
  const north = page.getByRole('row', { name: /North Middle/ });
  const unacknowledged = north.getByRole('link', { name: /^1 \(/ });
  await expect(unacknowledged).toBeVisible({ timeout: 20_000 });
  await expect(north.getByRole('link', { name: /% of \d+$|No school day yet/ })).toBeVisible();
  await checkedScreenshots(page, shots, 'district-dashboard-follow-through', { axeAtPhoneWidth: true });
  await unacknowledged.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('North Middle: acknowledgements and the log', { timeout: 20_000 });
  await expect(page.getByTestId('unacknowledged-list').getByRole('listitem')).toContainText(['Ava S.Version 1']);
  await expect(page.getByTestId('unacknowledged-list')).toContainText('Tom Teacher');
  await expect(page.getByTestId('coverage-list').getByRole('link', { name: 'Ava S.' })).toBeVisible();
  await checkedScreenshots(page, shots, 'school-follow-through', { axeAtPhoneWidth: true });

  // Cora's home lists it from the school's one answer: no request per plan.
  const perPlan: string[] = [];
  cora.page.on('request', (request) => {
    if (/\/api\/plans\/[^/]+\/acknowledgements/.test(request.url())) perPlan.push(request.url());
  });
  await cora.page.goto('/');
  const waiting = cora.page.getByTestId('unacknowledged-plans');
  await expect(waiting.getByRole('link', { name: 'Ava S.' })).toBeVisible({ timeout: 30_000 });
  await expect(waiting).toContainText('Tom Teacher');
  await checkedScreenshots(cora.page, shots, 'home-coordinator-follow-through', { axeAtPhoneWidth: true });
  expect(perPlan).toEqual([]);

  // Once Tom acknowledges it, the list empties.
  expect((await tom.page.request.post(`/api/plans/${plan.id}/versions/1/acknowledgement`)).status()).toBe(201);
  await expect(waiting).toContainText('Every teacher has acknowledged the plans in force.', { timeout: 20_000 });
});

test('a district admin sets the district’s days without school in Settings, each checked as a date', async ({ browser }) => {
  const dana = await person(browser, 'Dana District');
  const districtId = await created(dana.page.request, '/api/districts', { name: 'Lakeside USD' });
  const page = dana.page;
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'District' }).click();
  const dates = page.getByLabel('Dates (YYYY-MM-DD), one a line');
  await dates.fill('2026-02-30');
  await page.getByRole('button', { name: 'Save days without school' }).click();
  await expect(page.getByText('Use a real date in the form YYYY-MM-DD')).toBeVisible({ timeout: 20_000 });
  await dates.fill('2026-11-27\n2026-11-26');
  await page.getByRole('button', { name: 'Save days without school' }).click();
  await expect(page.getByText('2 days without school besides weekends.')).toBeVisible({ timeout: 20_000 });
  expect(await (await page.request.get(`/api/districts/${districtId}/non-school-days`)).json()).toEqual({ dates: ['2026-11-26', '2026-11-27'] });
  await checkedScreenshots(page, shots, 'settings-non-school-days');
});
