import { isSchoolDay } from '@accommodate/shared-events/domain/implementation-log/school-days';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { newAccount, signUp } from './account-fixtures.ts';
import { addPlan, pickOption } from './caseload-fixtures.ts';
import { checkedScreenshots } from './layout-checks.ts';

// A district, its schools and staff, the coordinator's school page, the year-end rollover, a teacher leaving.

const shots = '.tmp/screens';

async function person(browser: Browser, name: string): Promise<{ page: Page; id: string; email: string }> {
  const page = await (await browser.newContext()).newPage();
  const { id, email } = await signUp(page.request, newAccount(name, 'schools'));
  return { page, id, email };
}


test('a district admin sets up two schools and their staff; the coordinator sees the school live, rolls it over, and keeps a leaving teacher’s students', async ({ browser }) => {
  test.setTimeout(180_000);
  const dana = await person(browser, 'Dana District');
  const cora = await person(browser, 'Cora Coordinator');
  const tom = await person(browser, 'Tom Teacher');
  const sam = await person(browser, 'Sam Southteacher');

  // Dana creates the district and its two schools in Settings → District.
  await dana.page.goto('/settings');
  await dana.page.getByRole('tab', { name: 'District' }).click();
  await dana.page.getByRole('button', { name: 'Create district' }).click();
  await expect(dana.page.getByText('District name is required')).toBeVisible();
  await dana.page.getByLabel('District name').fill('Maple District');
  await dana.page.getByRole('button', { name: 'Create district' }).click();
  await expect(dana.page.getByRole('heading', { name: 'Maple District' })).toBeVisible();
  for (const name of ['North Elementary', 'South Middle']) {
    await dana.page.getByLabel('School name').fill(name);
    await dana.page.getByRole('button', { name: 'Add school' }).click();
    await expect(dana.page.getByRole('list', { name: 'Schools of Maple District' }).getByRole('link', { name })).toBeVisible();
  }
  await checkedScreenshots(dana.page, shots, 'settings-district');

  // On the School tab she invites Cora as the 504 coordinator and Tom as a teacher of North, Sam as a teacher of South.
  await dana.page.reload();
  await dana.page.getByRole('tab', { name: 'School' }).click();
  const north = dana.page.locator('.school-card').filter({ has: dana.page.getByRole('heading', { name: 'North Elementary' }) });
  const south = dana.page.locator('.school-card').filter({ has: dana.page.getByRole('heading', { name: 'South Middle' }) });
  for (const [card, email, role] of [[north, cora.email, '504 Coordinator'], [north, tom.email, 'Teacher'], [south, sam.email, 'Teacher']] as const) {
    await card.getByLabel('E-mail').fill(email);
    await card.getByLabel('Role', { exact: true }).click();
    await dana.page.locator('.ant-select-dropdown:visible').getByTitle(role, { exact: true }).click();
    await card.getByRole('button', { name: 'Invite' }).click();
    await expect(card.getByRole('row').filter({ hasText: email })).toBeVisible();
  }
  // The staff lists name them once each has taken the invitation up, by loading the app.
  for (const invitee of [cora, tom, sam]) expect((await invitee.page.request.get('/api/auth/me')).status()).toBe(200);
  await dana.page.reload();
  await dana.page.getByRole('tab', { name: 'School' }).click();
  await expect(north.getByRole('row').filter({ hasText: 'Cora Coordinator' })).toContainText('504 Coordinator');
  await checkedScreenshots(dana.page, shots, 'settings-school');

  // Cora opens North from her dashboard: no students yet. Tom adds one into the school, and it appears for her live.
  await cora.page.goto('/dashboard');
  await cora.page.getByTestId('my-schools').getByRole('link', { name: 'North Elementary' }).click();
  await expect(cora.page.getByRole('heading', { level: 1, name: 'North Elementary' })).toBeVisible();
  await expect(cora.page.getByText('No students in this school yet.')).toBeVisible();
  const schools = (await (await tom.page.request.get('/api/schools')).json()) as { id: string; name: string }[];
  const northId = schools.find((school) => school.name === 'North Elementary')!.id;
  // On Add New Student the School field offers Tom's one school, chosen already.
  await tom.page.goto('/students/new');
  await expect(tom.page.getByRole('combobox', { name: 'School' })).toBeVisible();
  await expect(tom.page.locator('.ant-form-item').filter({ hasText: 'School' }).locator('.ant-select-content, .ant-select-selection-item').first()).toHaveText('North Elementary');
  await checkedScreenshots(tom.page, shots, 'new-student-school', { axeAtPhoneWidth: true });
  await tom.page.getByLabel('First Name').fill('Ava');
  await tom.page.getByLabel('Last Initial').fill('S');
  await pickOption(tom.page.getByRole('combobox', { name: 'Grade' }), 'Grade 3');
  const added = tom.page.waitForResponse((response) => response.url().endsWith('/api/students') && response.request().method() === 'POST');
  await tom.page.getByRole('button', { name: 'Create Student' }).click();
  expect((await added).status()).toBe(201);
  const ava = (await (await added).json()) as { id: string; schoolId: string };
  expect(ava.schoolId).toBe(northId);
  await addPlan(tom.page.request, ava.id, { startDate: '2026-09-01', reviewDate: '2027-05-15' });
  const avaRow = cora.page.getByRole('row').filter({ hasText: 'Ava S.' });
  await expect(avaRow).toContainText('Ava S.');
  await expect(avaRow.getByRole('cell').nth(1)).toHaveText('3');
  // Her plan started in September, but she is on the record only from today: nothing is logged yet, and the coverage
  // counts today alone, live as the plan arrived (on a weekend there is no school day yet to count).
  const today = new Date().toISOString().slice(0, 10);
  await expect(avaRow.getByRole('cell').nth(5)).toHaveText(isSchoolDay(today) ? '0 of 1 (0 %)' : '—');
  await checkedScreenshots(cora.page, shots, 'school-page');

  // Sam, a teacher of the other school, sees nothing of North's.
  expect(await (await sam.page.request.get('/api/students')).json()).toEqual([]);
  expect((await sam.page.request.get(`/api/students?schoolId=${northId}`)).status()).not.toBe(200);

  // Cora previews the rollover into 2027-2028, then applies it: Ava moves to grade 4, her review into the new year.
  await cora.page.goto('/settings');
  await cora.page.getByRole('tab', { name: 'School' }).click();
  await cora.page.getByLabel('School year').fill('2027-2028');
  await cora.page.getByRole('button', { name: 'Preview' }).click();
  const grades = cora.page.getByRole('table').filter({ hasText: 'Grades' });
  await expect(grades.getByRole('row').filter({ hasText: 'Ava S.' })).toContainText('PromotedGrade 3Grade 4');
  await expect(cora.page.getByText('Nothing has changed yet.', { exact: false })).toBeVisible();
  // The pointer is left on Preview; its hover colour is not what a reader meets.
  await cora.page.mouse.move(0, 0);
  await checkedScreenshots(cora.page, shots, 'settings-rollover');
  await cora.page.getByRole('button', { name: 'Apply rollover' }).click();
  await cora.page.getByRole('tooltip').getByRole('button', { name: 'Apply rollover' }).click();
  await expect(cora.page.getByText(/^Applied: 1 grade changes and 1 review moves into 2027-2028\./)).toBeVisible();
  await cora.page.getByRole('button', { name: 'Preview' }).click();
  await expect(cora.page.getByText('Nothing to change for 2027-2028.')).toBeVisible();

  // On Ava's page Cora sees her school, and names herself the case manager.
  await cora.page.goto(`/students/${ava.id}`);
  const schoolCard = cora.page.getByTestId('student-school');
  await expect(schoolCard).toContainText('North Elementary');
  await expect(schoolCard).toContainText('Case managerNone');
  await pickOption(schoolCard.getByRole('combobox', { name: 'Assign case manager' }), 'Cora Coordinator');
  await schoolCard.getByRole('button', { name: 'Assign' }).click();
  await expect(cora.page.getByText('Case manager assigned')).toBeVisible();
  await expect(schoolCard).toContainText('Case managerCora Coordinator');

  // Dana removes Tom: the confirmation says his students stay; Ava is still North's, and Cora now owns her.
  await dana.page.reload();
  await dana.page.getByRole('tab', { name: 'School' }).click();
  await north.getByRole('button', { name: 'Remove Tom Teacher' }).click();
  await expect(dana.page.getByRole('tooltip')).toContainText('Their students stay with the school');
  await dana.page.getByRole('tooltip').getByRole('button', { name: 'Remove' }).click();
  await expect(north.getByRole('row').filter({ hasText: 'Tom Teacher' })).toHaveCount(0);
  await cora.page.goto(`/schools/${northId}`);
  await expect(cora.page.getByRole('row').filter({ hasText: 'Ava S.' })).toContainText('4');
  const avaNow = (await (await cora.page.request.get(`/api/students/${ava.id}`)).json()) as { ownerId: string; schoolId: string };
  expect(avaNow).toMatchObject({ ownerId: cora.id, schoolId: northId });
  expect((await tom.page.request.get(`/api/students/${ava.id}`)).status()).toBe(404);

  // Dana, who runs both schools, moves Ava to South Middle from her page: North's list lets her go, live.
  await dana.page.goto(`/students/${ava.id}`);
  await pickOption(dana.page.getByTestId('student-school').getByRole('combobox', { name: 'Move to school' }), 'South Middle');
  await checkedScreenshots(dana.page, shots, 'student-school-card', { axeAtPhoneWidth: true });
  await dana.page.getByTestId('student-school').getByRole('button', { name: 'Move' }).click();
  await expect(dana.page.getByRole('tooltip')).toContainText('Move to South Middle?');
  await dana.page.getByRole('tooltip').getByRole('button', { name: 'Move' }).click();
  await expect(dana.page.getByText('Student moved')).toBeVisible();
  await expect(dana.page.getByTestId('student-school')).toContainText('South Middle');
  await expect(cora.page.getByRole('row').filter({ hasText: 'Ava S.' })).toHaveCount(0);

  // The board renames South Middle: Dana gives it its new name on the School tab, and the district's list has it.
  await dana.page.goto('/settings');
  await dana.page.getByRole('tab', { name: 'School' }).click();
  await south.getByRole('button', { name: 'Rename school' }).click();
  await expect(south.getByText('School name is required')).toBeVisible();
  await south.getByLabel('New name').fill('South Middle School');
  await south.getByRole('button', { name: 'Rename school' }).click();
  await expect(dana.page.getByText('School renamed')).toBeVisible();
  await expect(dana.page.getByRole('heading', { name: 'South Middle School' })).toBeVisible();
  await dana.page.getByRole('tab', { name: 'District' }).click();
  await expect(dana.page.getByRole('list', { name: 'Schools of Maple District' }).getByRole('link', { name: 'South Middle School' })).toBeVisible();
});
