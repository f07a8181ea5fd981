import { expect, test, type Browser, type Page } from '@playwright/test';
import { newAccount, signUp } from './account-fixtures.ts';
import { addPlan, addStudent, tinyPdf } from './caseload-fixtures.ts';

// Auditors, substitutes and premium users see only what they can use. Where someone cannot act,
// the control is absent (not a button that ends in a 403 toast).

interface Person {
  page: Page;
  name: string;
  email: string;
}

async function person(browser: Browser, name: string): Promise<Person> {
  const page = await (await browser.newContext()).newPage();
  const { email } = await signUp(page.request, newAccount(name, 'roles'));
  return { page, name, email };
}

async function share(owner: Person, studentId: string, grantee: Person, role: 'auditor' | 'substitute' | 'co-teacher') {
  const response = await owner.page.request.post(`/api/students/${studentId}/shares`, { data: { email: grantee.email, role } });
  expect(response.status()).toBe(201);
}

test('an auditor reads documents, notes, plans and history, with no Upload, Edit Notes or plan form', async ({ browser }) => {
  const owner = await person(browser, 'Alex Owner');
  const auditor = await person(browser, 'Ada Auditor');
  const { id } = await addStudent(owner.page.request, { firstName: 'Ava', lastInitial: 'S', grade: '3', notes: '<p>Sits by the door</p>' });
  const { id: planId } = await addPlan(owner.page.request, id);
  await share(owner, id, auditor, 'auditor');

  const page = auditor.page;
  await page.goto(`/students/${id}`);
  // The badge says the role in a sentence a person would write.
  await expect(page.getByTestId('shared-by')).toContainText('you are an auditor');

  await page.getByRole('tab', { name: 'Documents' }).click();
  await expect(page.getByText('No documents uploaded yet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload Document' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Notes' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Notes' }).getByText('Sits by the door')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Notes' })).toHaveCount(0);

  await expect(page.getByRole('tab', { name: 'History' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Access log' })).toBeVisible();

  // The plan page: details and versions, no form to save.
  await page.goto(`/plans/${planId}`);
  await expect(page.getByRole('heading', { name: '504 Plan' })).toBeVisible();
  await expect(page.getByTestId('plan-versions')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Plan' })).toHaveCount(0);
  await expect(page.getByLabel('Review Date')).toHaveCount(0);

  // The owner, by contrast, has every control.
  await owner.page.goto(`/students/${id}`);
  await owner.page.getByRole('tab', { name: 'Documents' }).click();
  await expect(owner.page.getByRole('button', { name: 'Upload Document' })).toBeVisible();
  await owner.page.getByRole('tab', { name: 'Notes' }).click();
  await expect(owner.page.getByRole('button', { name: 'Edit Notes' })).toBeVisible();
  await owner.page.goto(`/plans/${planId}`);
  await expect(owner.page.getByRole('button', { name: 'Save Plan' })).toBeVisible();
});

test('an auditor can download a document but finds no Delete button; the owner has one', async ({ browser }) => {
  const owner = await person(browser, 'Alex Owner');
  const auditor = await person(browser, 'Ada Auditor');
  const { id } = await addStudent(owner.page.request, { firstName: 'Ava', lastInitial: 'S', grade: '3' });
  const upload = await owner.page.request.post(`/api/students/${id}/documents`, {
    multipart: { file: { name: 'IEP-2026.pdf', mimeType: 'application/pdf', buffer: tinyPdf('IEP-2026.pdf') } },
  });
  expect(upload.status()).toBe(201);
  await share(owner, id, auditor, 'auditor');

  const page = auditor.page;
  await page.goto(`/students/${id}`);
  await page.getByRole('tab', { name: 'Documents' }).click();
  const documents = page.getByRole('tabpanel', { name: 'Documents' });
  await expect(documents.getByText('IEP-2026.pdf')).toBeVisible();
  await expect(documents.getByRole('link', { name: 'Download IEP-2026.pdf' })).toBeVisible();
  await expect(documents.getByRole('button', { name: /Delete/ })).toHaveCount(0);

  await owner.page.goto(`/students/${id}`);
  await owner.page.getByRole('tab', { name: 'Documents' }).click();
  await expect(owner.page.getByRole('tabpanel', { name: 'Documents' }).getByRole('button', { name: 'Delete IEP-2026.pdf' })).toBeVisible();
});

test('a substitute opening a plan sees its dates, with no form and no versions', async ({ browser }) => {
  const owner = await person(browser, 'Alex Owner');
  const sub = await person(browser, 'Sam Substitute');
  const { id } = await addStudent(owner.page.request, { firstName: 'Noah', lastInitial: 'P', grade: '2' });
  const { id: planId } = await addPlan(owner.page.request, id);
  await share(owner, id, sub, 'substitute');

  await sub.page.goto(`/plans/${planId}`);
  await expect(sub.page.getByText('For Noah P.')).toBeVisible();
  await expect(sub.page.getByText('Jun 1, 2027')).toBeVisible();
  await expect(sub.page.getByRole('button', { name: 'Save Plan' })).toHaveCount(0);
  await expect(sub.page.getByTestId('plan-versions')).toHaveCount(0);
});

test('a plan that does not exist (or is not shared) reads "Plan not found", with a way back', async ({ browser }) => {
  const teacher = await person(browser, 'Casey Teacher');
  await teacher.page.goto('/plans/3f0c1d9e-0000-4000-8000-000000000000');
  await expect(teacher.page.getByRole('heading', { level: 1, name: 'Plan not found' })).toBeVisible();
  await expect(teacher.page.locator('body')).not.toContainText('{"message"');
  await expect(teacher.page.locator('body')).not.toContainText('404:');
  await teacher.page.getByRole('button', { name: 'Back to Students' }).click();
  await expect(teacher.page).toHaveURL(/\/students$/);
});

test('a Premium member is not asked to upgrade on the Notifications page; a Free account is, truthfully', async ({ browser }) => {
  const free = await person(browser, 'Frida Free');
  await free.page.goto('/notifications');
  await expect(free.page.getByText('Need more than 3 students? Premium has no limit.')).toBeVisible();
  await expect(free.page.getByRole('link', { name: 'Upgrade' })).toBeVisible();

  const premium = await person(browser, 'Priya Premium');
  expect((await premium.page.request.post('/api/upgrade-to-premium', { data: {} })).status()).toBe(200);
  await premium.page.goto('/notifications');
  await expect(premium.page.getByRole('heading', { name: 'Notification Settings' })).toBeVisible();
  await expect(premium.page.getByRole('link', { name: 'Upgrade' })).toHaveCount(0);
  await expect(premium.page.getByText(/Premium/)).toHaveCount(0);
});

test('the Upgrade page promises only what Premium does: no AI, and a cancel answer that is true', async ({ browser }) => {
  const free = await person(browser, 'Frida Free');
  await free.page.goto('/upgrade');
  await expect(free.page.getByRole('heading', { level: 1, name: 'Upgrade to Premium' })).toBeVisible();
  await expect(free.page.locator('main')).not.toContainText(/\bAI\b|recommendation/i);
  await expect(free.page.locator('main')).not.toContainText('billing period');
  await free.page.getByRole('button', { name: 'Can I cancel Premium?' }).click();
  await expect(free.page.getByText('Yes, at any time, on this page.')).toBeVisible();
  await expect(free.page.getByText(/The 3 students you added first stay active\. The others are archived/)).toBeVisible();
  // Each feature says which plans have it; only the student limit differs.
  await expect(free.page.getByText('Free and Premium')).toHaveCount(5);
});
