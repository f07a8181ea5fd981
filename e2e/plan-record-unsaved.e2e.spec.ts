import { expect, test } from '@playwright/test';
import { addPlan, addStudent, libraryIds, signUpTeacher } from './caseload-fixtures.ts';

// Typed plan-record edits are not lost to a stray click: leaving asks first, and each specifics field has its own hint.

test('leaving the plan record with unsaved edits asks first; staying keeps them', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpTeacher(page);
  const ids = await libraryIds(page.request);
  const student = await addStudent(page.request, { firstName: 'Ava', lastInitial: 'S', grade: '4', accommodationIds: [ids.get('Breaks')!, ids.get('Preferential Seating')!] });
  const plan = await addPlan(page.request, student.id, { status: 'draft' });
  await page.goto(`/plans/${plan.id}`);
  const record = page.getByTestId('plan-record');
  await record.getByRole('button', { name: 'Edit Record' }).click({ timeout: 30_000 });
  await expect(record.getByLabel('Breaks: specifics')).not.toHaveAttribute('placeholder', /1\.5×/);
  await expect(record.getByLabel('Preferential Seating: specifics')).not.toHaveAttribute('placeholder', /1\.5×/);
  await record.getByLabel('Breaks: specifics').fill('Break card, two per class');

  const questions: string[] = [];
  page.once('dialog', (dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Students' }).click();
  await expect.poll(() => questions).toEqual(['You have unsaved changes. Leave this page and lose them?']);
  await expect(page).toHaveURL(new RegExp(`/plans/${plan.id}$`));
  await expect(record.getByLabel('Breaks: specifics')).toHaveValue('Break card, two per class');
});
