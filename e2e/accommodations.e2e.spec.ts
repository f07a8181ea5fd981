import { expect, test } from '@playwright/test';
import { pickOption, signUpTeacher } from './caseload-fixtures.ts';

test.beforeEach(async ({ page }) => {
  await signUpTeacher(page);
});

test('templates are read-only and listed by category', async ({ page }) => {
  await page.goto('/accommodations');
  await expect(page.getByRole('heading', { name: 'Accommodations', level: 1 })).toBeVisible();
  await expect(page.getByText('Manage classroom accommodations by category')).toBeVisible();
  const extendedTime = page.getByTestId('accommodation-card').filter({ hasText: 'Extended Time' });
  await expect(extendedTime.getByText('Template')).toBeVisible();
  await expect(extendedTime.getByRole('button', { name: /Edit/ })).toHaveCount(0);
  await expect(page.getByText('10 accommodations')).toBeVisible();

  await page.getByPlaceholder('Search accommodations').fill('zzz-nothing');
  await expect(page.getByText('No accommodations found')).toBeVisible();
  await page.getByRole('tab', { name: 'Custom' }).click();
  await expect(page.getByText('No custom accommodations found')).toBeVisible();
});

test('a user who asked the system for less motion gets dialogs without the zoom animation', async ({ page }) => {
  // The config asks every page for reduced motion; this test checks both settings.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto('/accommodations');
  const dialog = page.getByRole('dialog', { name: 'Add New Accommodation' });
  const classesWhenShown = async () => {
    await page.getByRole('button', { name: 'Add Accommodation' }).click();
    await dialog.waitFor();
    const classes = (await dialog.getAttribute('class')) ?? '';
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    return classes;
  };
  expect(await classesWhenShown()).toMatch(/ant-zoom/);

  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await classesWhenShown()).not.toMatch(/ant-zoom/);
});

test('create, edit and delete an accommodation', async ({ page }) => {
  await page.goto('/accommodations');
  await page.getByRole('button', { name: 'Add Accommodation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Accommodation' });
  await expect(dialog).toBeVisible();

  // The shared schema's messages show before anything is sent.
  await dialog.getByRole('button', { name: 'Add Accommodation' }).click();
  await expect(dialog.getByText('Accommodation name must be at least 3 characters')).toBeVisible();
  await expect(dialog.getByText('Please select a category')).toBeVisible();

  await dialog.getByLabel('Name').fill('Wobble Stool');
  await pickOption(dialog.getByRole('combobox', { name: 'Category' }), 'Custom');
  await expect(dialog.getByText('Please select a category')).toHaveCount(0);
  await dialog.getByLabel('Description').fill('A flexible seat for students who need to move.');
  await dialog.getByRole('button', { name: 'Add Accommodation' }).click();
  await expect(page.getByText('Accommodation added successfully')).toBeVisible();

  const card = page.getByTestId('accommodation-card').filter({ hasText: 'Wobble Stool' });
  await expect(card).toBeVisible();
  await expect(card.getByText('Custom')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Custom', level: 4 })).toBeVisible();

  await card.getByRole('button', { name: 'Edit Wobble Stool' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit Accommodation' });
  await expect(editDialog.getByLabel('Name')).toHaveValue('Wobble Stool');
  await expect(editDialog.locator('.ant-select')).toHaveText('Custom');
  await editDialog.getByLabel('Name').fill('Wobble Chair');
  await editDialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Accommodation updated successfully')).toBeVisible();
  const renamed = page.getByTestId('accommodation-card').filter({ hasText: 'Wobble Chair' });
  await expect(renamed).toBeVisible();

  // The browser's own confirmation: dismissing it keeps the card, accepting it deletes.
  page.once('dialog', (dialog) => void dialog.dismiss());
  await renamed.getByRole('button', { name: 'Delete Wobble Chair' }).click();
  await expect(renamed).toBeVisible();
  const confirmation = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    }),
  );
  await renamed.getByRole('button', { name: 'Delete Wobble Chair' }).click();
  expect(await confirmation).toBe('Delete "Wobble Chair"? It will be removed from your library.');
  await expect(page.getByText('Accommodation deleted successfully')).toBeVisible();
  await expect(page.getByTestId('accommodation-card').filter({ hasText: 'Wobble Chair' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('Extended Time')).toBeVisible();
  await expect(page.getByText('Wobble Chair')).toHaveCount(0);
});

test('a refused write shows the failure toast instead of success', async ({ page }) => {
  await page.goto('/accommodations');
  // Simulate the server refusing the write; the UI must check the HTTP status.
  await page.route('**/api/accommodations', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' })
      : route.continue(),
  );
  await page.getByRole('button', { name: 'Add Accommodation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Accommodation' });
  await dialog.getByLabel('Name').fill('Standing Desk');
  await pickOption(dialog.getByRole('combobox', { name: 'Category' }), 'Academic');
  await dialog.getByRole('button', { name: 'Add Accommodation' }).click();
  await expect(page.getByText('Failed to add accommodation. Please try again.')).toBeVisible();
  await expect(page.getByText('Accommodation added successfully')).toHaveCount(0);
});
