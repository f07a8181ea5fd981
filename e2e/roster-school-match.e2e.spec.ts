import { expect, test } from '@playwright/test';
import { oneRoster11 } from '@accommodate/shared-events/domain/testing/roster-fixtures';
import { rosterZip } from '@accommodate/workers/roster/roster-zip-fixtures';
import { newAccount, signUp } from './account-fixtures.ts';
import { checkedScreenshots } from './layout-checks.ts';

// Schools made by hand before the first import: the check shows which school each org is, and asks where it must
// not guess; the import takes the admin's choice and adds no second school.

test('the check asks which school an org is when two bear its name, and the import takes the choice', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page.request, newAccount('Dana District', 'match'));
  const districtId = ((await (await page.request.post('/api/districts', { data: { name: 'Lakeside USD' } })).json()) as { id: string }).id;
  for (const name of ['Lincoln Elementary', 'Roosevelt Middle', 'roosevelt middle']) {
    expect((await page.request.post(`/api/districts/${districtId}/schools`, { data: { name } })).status()).toBe(201);
  }
  const zip = { name: 'oneroster.zip', mimeType: 'application/zip', buffer: rosterZip(oneRoster11()) };

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'District' }).click();
  const rostering = page.getByRole('region', { name: 'Rostering (OneRoster)' });
  await rostering.getByLabel('OneRoster zip').setInputFiles(zip);
  await rostering.getByRole('button', { name: 'Check' }).click();
  await expect(rostering.getByText('Check complete: nothing was written yet.')).toBeVisible();
  await expect(rostering.getByText("orgs.csv’s 'Lincoln Elementary' is your school 'Lincoln Elementary': the import links them, and adds no school.")).toBeVisible();
  await expect(rostering.getByText('Choose the school for one org before you import: the import will not guess.')).toBeVisible();
  await page.mouse.move(0, 0);
  await checkedScreenshots(page, '.tmp/screens', 'settings-rostering-school-match', { axeAtPhoneWidth: true });

  await rostering.getByLabel("Which school is orgs.csv’s 'Roosevelt Middle'?").click();
  await page.locator('.ant-select-item-option', { hasText: 'Roosevelt Middle (school 1 of 2)' }).click();
  await rostering.getByRole('button', { name: 'Import' }).click();
  await expect(rostering.getByText('Import complete.')).toBeVisible();
  const schools = (await (await page.request.get(`/api/districts/${districtId}/schools`)).json()) as { name: string }[];
  // No school added: the chosen one took the SIS's spelling of its name.
  expect(schools.map((school) => school.name.toLowerCase()).sort()).toEqual(['lincoln elementary', 'roosevelt middle', 'roosevelt middle']);
});

test('a district admin deletes a school made twice, once it is empty', async ({ page }) => {
  await signUp(page.request, newAccount('Dana District', 'delete'));
  const districtId = ((await (await page.request.post('/api/districts', { data: { name: 'Lakeside USD' } })).json()) as { id: string }).id;
  expect((await page.request.post(`/api/districts/${districtId}/schools`, { data: { name: 'Roosevelt Middle' } })).status()).toBe(201);

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'School' }).click();
  const card = page.locator('.school-card').filter({ has: page.getByRole('heading', { name: 'Roosevelt Middle' }) });
  await card.getByRole('button', { name: 'Delete school' }).click();
  await page.getByRole('button', { name: 'Delete school' }).last().click();
  await expect(page.getByText('Roosevelt Middle is no longer a school of the district.')).toBeVisible();
  expect(await (await page.request.get(`/api/districts/${districtId}/schools`)).json()).toEqual([]);
});
