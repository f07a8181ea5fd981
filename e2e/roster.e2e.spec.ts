import { expect, test, type Browser, type Page } from '@playwright/test';
import { oneRoster11 } from '@accommodate/shared-events/domain/testing/roster-fixtures';
import { rosterZip } from '@accommodate/workers/roster/roster-zip-fixtures';
import { newAccount, signUp } from './account-fixtures.ts';
import { checkedScreenshots } from './layout-checks.ts';

// A district admin checks the SIS's OneRoster zip, imports it with a live progress bar, the classes and their
// rosters appear for the teacher, and the same zip again changes nothing.

const shots = '.tmp/screens';

async function person(browser: Browser, name: string): Promise<{ page: Page; email: string }> {
  const page = await (await browser.newContext()).newPage();
  const { email } = await signUp(page.request, newAccount(name, 'roster'));
  return { page, email };
}

const summaryRow = (page: Page, file: string) => page.getByRole('table', { name: /file by file/ }).getByRole('row', { name: new RegExp(`^${file.replace(/[()]/g, '\\$&')}`) });

test('a district admin checks and imports the roster; the teacher sees the class and its roster; a second import changes nothing', async ({ browser }) => {
  test.setTimeout(120_000);
  const dana = await person(browser, 'Dana District');
  const maria = await person(browser, 'Maria Lopez');
  const files = oneRoster11();
  files['users.csv'] = files['users.csv']!.replace('Maria.Lopez@lakeside.test', maria.email);
  const zip = { name: 'oneroster.zip', mimeType: 'application/zip', buffer: rosterZip(files) };

  expect((await dana.page.request.post('/api/districts', { data: { name: 'Lakeside USD' } })).status()).toBe(201);
  await dana.page.goto('/settings');
  await dana.page.getByRole('tab', { name: 'District' }).click();
  const rostering = dana.page.getByRole('region', { name: 'Rostering (OneRoster)' });
  await rostering.getByLabel('OneRoster zip').setInputFiles(zip);

  // The dry run: what would change, file by file, and the skipped guardian by file and line; nothing written yet.
  await rostering.getByRole('button', { name: 'Check' }).click();
  await expect(rostering.getByText('Check complete: nothing was written yet.')).toBeVisible();
  await expect(summaryRow(dana.page, 'users.csv (students)')).toHaveText(/users\.csv \(students\)\s*2\s*0\s*0\s*0/);
  await expect(rostering.getByText('users.csv line 6: role guardian is not imported')).toBeVisible();
  expect(await (await dana.page.request.get('/api/schools')).json()).toEqual([]);
  // The pointer off the button it pressed: a hovered button's colours are not what axe should judge.
  await dana.page.mouse.move(0, 0);
  await checkedScreenshots(dana.page, shots, 'settings-rostering-check', { axeAtPhoneWidth: true });

  // The import, with its progress bar, then its summary.
  await rostering.getByRole('button', { name: 'Import' }).click();
  await expect(rostering.getByRole('progressbar').or(rostering.getByText('Import complete.'))).toBeVisible();
  await expect(rostering.getByText('Import complete.')).toBeVisible();
  await expect(summaryRow(dana.page, 'classes.csv')).toHaveText(/classes\.csv\s*2\s*0\s*0\s*0/);
  await expect(dana.page.getByRole('list', { name: 'Schools of Lakeside USD' }).getByRole('link', { name: 'Roosevelt Middle' })).toBeVisible();
  await dana.page.mouse.move(0, 0);
  await checkedScreenshots(dana.page, shots, 'settings-rostering-done', { axeAtPhoneWidth: true });

  // Maria's address is the SIS's for her: she leads Algebra I (the admin who imported it teaches nothing), and its
  // roster shows Ava.
  await maria.page.goto('/classes');
  const algebra = maria.page.getByTestId('class-card').filter({ hasText: 'Algebra I - P3' });
  await expect(algebra).toContainText('Maria Lopez');
  await expect(algebra).not.toContainText('Co-teacher');
  await expect(algebra).not.toContainText('Dana District');
  await checkedScreenshots(maria.page, shots, 'classes-imported');
  await maria.page.getByRole('link', { name: /Algebra I - P3/ }).click();
  await expect(maria.page.getByRole('row').filter({ hasText: 'Ava M.' })).toBeVisible();

  // The same zip again: nothing new, nothing updated.
  await rostering.getByRole('button', { name: 'Import' }).click();
  await expect(rostering.getByText('Import complete.')).toBeVisible();
  await expect(summaryRow(dana.page, 'users.csv (students)')).toHaveText(/users\.csv \(students\)\s*0\s*0\s*0\s*2/);
  await expect(summaryRow(dana.page, 'classes.csv')).toHaveText(/classes\.csv\s*0\s*0\s*0\s*2/);
});
