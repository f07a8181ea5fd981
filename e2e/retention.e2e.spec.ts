import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import yauzl from 'yauzl';
import { newAccount, signUp } from './account-fixtures.ts';
import { checkedScreenshots } from './layout-checks.ts';

// Retention and leaving the product: a rule, a graduate due, a legal hold, the archive, the district erased.
const shots = '.tmp/screens';

/** The names of the files in a zip, read back as an unzip tool reads them. */
function zipEntries(bytes: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

test('a district admin keeps records 5 years, holds a graduate due for erasure, exports every record and erases the district', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page.request, newAccount('Dana District', 'retention'));
  const districtId = ((await (await page.request.post('/api/districts', { data: { name: 'Birch USD' } })).json()) as { id: string }).id;
  const schoolId = ((await (await page.request.post(`/api/districts/${districtId}/schools`, { data: { name: 'Birch High' } })).json()) as { id: string }).id;
  const ids: string[] = [];
  for (const [firstName, grade] of [['Gwen', '12'], ['Ivan', '10']]) {
    const added = await page.request.post('/api/students', { data: { firstName, lastInitial: 'P', grade, status: 'active', accommodationIds: [], schoolId } });
    expect(added.status()).toBe(201);
    ids.push(((await added.json()) as { id: string }).id);
  }
  // Gwen graduated at the rollover into 2020-2021: she left on the last day of 2019-2020, long enough ago to be due.
  expect((await page.request.post(`/api/schools/${schoolId}/rollover`, { data: { schoolYear: '2020-2021', dryRun: false } })).status()).toBe(200);

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'District' }).click();
  await expect(page.getByText('No rule yet: nothing is erased.')).toBeVisible();
  await page.getByLabel('Years to keep records after a student leaves').fill('5');
  await page.getByRole('button', { name: 'Save retention' }).click();
  const due = page.getByRole('table').filter({ hasText: 'Records due for erasure' });
  const gwen = due.getByRole('row').filter({ hasText: 'Gwen P.' });
  await expect(gwen).toContainText('Graduated, Jul 31, 2020');
  await expect(gwen).toContainText('Overdue');
  await expect(due.getByRole('row').filter({ hasText: 'Ivan P.' })).toHaveCount(0);

  // She holds Gwen's record: a hearing is pending.
  await gwen.getByRole('button', { name: 'Hold Gwen P.' }).click();
  await gwen.getByLabel('Reason').fill('Due process hearing');
  await gwen.getByRole('button', { name: 'Place hold' }).click();
  await expect(gwen).toContainText('Due process hearing');
  await expect(gwen).toContainText('Kept while held');
  // The pointer rests where 'Place hold' was, on 'Lift hold' now: antd's hover colour is not what is being judged.
  await page.mouse.move(0, 0);
  await checkedScreenshots(page, shots, 'settings-district-retention', { axeAtPhoneWidth: true });

  // The list is live: the hold lifted and placed again elsewhere (another tab, a script), the row follows without a reload.
  expect((await page.request.delete(`/api/students/${ids[0]}/legal-hold`)).status()).toBe(204);
  await expect(gwen.getByRole('button', { name: 'Hold Gwen P.' })).toBeVisible();
  expect((await page.request.put(`/api/students/${ids[0]}/legal-hold`, { data: { reason: 'Due process hearing' } })).status()).toBe(200);
  await expect(gwen).toContainText('Kept while held');

  // The archive: one zip, a JSON and a PDF per student.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export all records' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Birch USD records .*\.zip$/);
  const entries = await zipEntries(readFileSync(await download.path()));
  expect(entries.filter((name) => name.endsWith('/record.json'))).toHaveLength(2);
  expect(entries.filter((name) => name.endsWith('/record.pdf'))).toHaveLength(2);
  expect(entries.some((name) => name.includes('Gwen P.'))).toBe(true);

  // Erasing needs the name typed, and no record on hold.
  const erase = page.getByRole('button', { name: 'Erase district' });
  await expect(erase).toBeDisabled();
  await page.getByLabel('Type Birch USD to confirm').fill('Birch USD');
  await erase.click();
  await expect(page.getByText('1 record is on legal hold: lift the hold before erasing the district')).toBeVisible();
  await gwen.getByRole('button', { name: 'Lift hold on Gwen P.' }).click();
  await expect(gwen.getByRole('button', { name: 'Hold Gwen P.' })).toBeVisible();
  // The erasure runs as a job, its progress live. Two students take the real job an instant, so the screenshots of a run
  // under way are taken with the request and its status answered by the browser (held at one of two erased), and
  // nothing erased; let through again, the status is asked again (the poll while it runs) and the form comes back.
  const status = `**/api/district-erasures/${districtId}`;
  const request = `**/api/districts/${districtId}/erase`;
  await page.route(request, (route) => route.fulfill({ status: 202, json: { id: districtId } }));
  await page.route(status, (route) => route.fulfill({ json: { id: districtId, status: 'running', progress: { done: 1, total: 2 }, studentsErased: null, message: null } }));
  await erase.click();
  await expect(page.getByText('Erasing student records: 1 of 2 erased.')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Erasure progress' })).toBeVisible();
  await page.mouse.move(0, 0);
  await checkedScreenshots(page, shots, 'settings-district-erasure-progress', { axeAtPhoneWidth: true });
  await page.unroute(request);
  await page.unroute(status);
  await expect(erase).toBeEnabled();

  // The real run: its bar (or already its end), then the end.
  await erase.click();
  await expect(page.getByRole('progressbar', { name: 'Erasure progress' }).or(page.getByText('2 student records were erased. The erasure receipts are kept.'))).toBeVisible();
  await expect(page.getByText('2 student records were erased. The erasure receipts are kept.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create a district' })).toBeVisible();
  expect(await (await page.request.get('/api/students')).json()).toEqual([]);
});
