import { expect, test } from '@playwright/test';
import { addStudent, signUpTeacher } from './caseload-fixtures.ts';
import { seriousViolations } from './axe-violations.ts';

// A Premium member cancels in the app. The 3 students added first stay active; the others are archived
// (kept, readable, not editable) and come back when the member upgrades again.

test('cancel Premium: the newest student is archived and read-only; upgrading again brings it back', async ({ page }) => {
  await signUpTeacher(page);
  expect((await page.request.post('/api/upgrade-to-premium', { data: {} })).status()).toBe(200);
  for (const firstName of ['Ann', 'Ben', 'Cal']) await addStudent(page.request, { firstName, lastInitial: 'P', grade: '4' });
  const { id: deeId } = await addStudent(page.request, { firstName: 'Dee', lastInitial: 'P', grade: '4' });

  await page.goto('/upgrade');
  await page.getByRole('button', { name: 'Cancel Premium' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel Premium?' });
  await expect(confirm.getByTestId('cancel-rule')).toHaveText(
    'The 3 students you added first stay active. The others are archived: kept and readable, but not editable, and they come back when you upgrade again.',
  );
  expect(await seriousViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Cancel Premium' }).click();
  await expect(page.getByText('Premium Cancelled')).toBeVisible();
  await expect(page.getByText('Your account is on the Free plan. 1 student was archived; they come back when you upgrade again.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Upgrade to Premium' })).toBeVisible();

  // The list shows all four; only Dee is archived, and has no Edit button.
  await page.goto('/students');
  const card = (name: string) => page.getByTestId('student-card').filter({ hasText: name });
  await expect(card('Dee P.').getByTestId('archived')).toHaveText('Archived');
  await expect(card('Dee P.').getByRole('button', { name: 'Edit Student' })).toHaveCount(0);
  await expect(card('Ann P.').getByTestId('archived')).toHaveCount(0);
  await expect(card('Ann P.').getByRole('button', { name: 'Edit Student' })).toBeVisible();

  // Her page reads as before, says why it cannot be changed, and offers no change.
  await page.goto(`/students/${deeId}`);
  await expect(page.getByText('This student is archived: you can read the record, but not change it.')).toBeVisible();
  for (const name of ['Edit Student', 'Delete', 'Share']) await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // Upgrading again restores her.
  await page.getByRole('link', { name: 'Upgrade to Premium' }).click();
  await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Premium!' })).toBeVisible();
  await page.goto(`/students/${deeId}`);
  await expect(page.getByRole('button', { name: 'Edit Student' })).toBeVisible();
  await expect(page.getByTestId('archived')).toHaveCount(0);
});
