import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { newAccount, signUp } from './account-fixtures.ts';
import { addPlan, addStudent, dayFromToday, libraryIds } from './caseload-fixtures.ts';
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
  // Students, with an active plan, due within 30 days, overdue, without accommodations, staff.
  await expect(north.getByRole('cell')).toHaveText(['2', '2', '1', '1', '0', '1'], { timeout: 20_000 });
  await expect(page.getByRole('row', { name: /South High/ }).getByRole('cell')).toHaveText(['0', '0', '0', '0', '0', '0']);
  await expect(page.getByRole('row', { name: /All schools/ })).toContainText('2');
  const chart = page.getByRole('figure');
  await expect(chart.locator('svg.recharts-surface')).toBeVisible();
  await expect(chart.getByRole('listitem')).toHaveText(['Extended Time: 2 students', 'Breaks: 1 student']);
  await checkedScreenshots(page, shots, 'district-dashboard', { axeAtPhoneWidth: true });

  // Tom takes Ben's accommodations off: Dana's screen follows, no reload.
  const update = await tom.page.request.put(`/api/students/${ben.id}`, { data: { firstName: 'Ben', lastInitial: 'T', grade: '7', status: 'active', accommodationIds: [] } });
  expect(update.status()).toBe(200);
  await expect(north.getByRole('cell')).toHaveText(['2', '2', '1', '1', '1', '1']);
  await expect(chart.getByRole('listitem')).toHaveText(['Breaks: 1 student', 'Extended Time: 1 student']);

  // Tom has no way in.
  await tom.page.goto(`/districts/${districtId}/dashboard`);
  await expect(tom.page.getByRole('heading', { level: 1 })).toHaveText('District not found', { timeout: 20_000 });
});
