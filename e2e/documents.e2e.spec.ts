import { expect, test } from '@playwright/test';
import { addStudent, clickInPopup, signUpTeacher, tinyPdf } from './caseload-fixtures.ts';

test.beforeEach(async ({ page }) => {
  await signUpTeacher(page);
});

test('delete a document: nothing happens until the deletion is confirmed, then it is gone for good', async ({ page }) => {
  const { id } = await addStudent(page.request, { firstName: 'Dora', lastInitial: 'K', grade: '4' });
  const upload = (name: string) => page.request.post(`/api/students/${id}/documents`, { multipart: { file: { name, mimeType: 'application/pdf', buffer: tinyPdf(name) } } });
  expect((await upload('IEP-2026.pdf')).status()).toBe(201);
  expect((await upload('hearing-screening.pdf')).status()).toBe(201);
  await page.goto(`/students/${id}`);
  await page.getByRole('tab', { name: 'Documents' }).click();
  const documents = page.getByRole('tabpanel', { name: 'Documents' });
  await expect(documents.getByText('IEP-2026.pdf')).toBeVisible();

  // Cancelling the confirmation keeps the document.
  await documents.getByRole('button', { name: 'Delete IEP-2026.pdf' }).click();
  const confirm = page.getByRole('tooltip').filter({ hasText: 'Delete this document?' });
  await expect(confirm.getByText('IEP-2026.pdf will be deleted for everyone who can see this student. This cannot be undone.')).toBeVisible();
  await clickInPopup(confirm.getByRole('button', { name: 'Cancel' }));
  await expect(confirm).toBeHidden();
  await expect(documents.getByText('IEP-2026.pdf')).toBeVisible();

  await documents.getByRole('button', { name: 'Delete IEP-2026.pdf' }).click();
  await clickInPopup(confirm.getByRole('button', { name: 'Delete Document' }));
  await expect(page.getByText('Document Deleted')).toBeVisible();
  await expect(documents.getByText('IEP-2026.pdf')).toBeHidden();
  await expect(documents.getByText('hearing-screening.pdf')).toBeVisible();

  // Gone on the server too (the history and the access log keep it: documents.int.spec.ts).
  await page.reload();
  await page.getByRole('tab', { name: 'Documents' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Documents' }).getByText('hearing-screening.pdf')).toBeVisible();
  await expect(page.getByRole('tabpanel', { name: 'Documents' }).getByText('IEP-2026.pdf')).toBeHidden();
});
