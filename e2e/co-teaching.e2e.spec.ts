import { expect, test, type Browser, type Page } from '@playwright/test';
import { newAccount, signUp } from './account-fixtures.ts';
import { addStudent, clickInPopup, libraryIds } from './caseload-fixtures.ts';

// Two (or three) teachers, each in their own browser context with their own session.

interface Teacher {
  page: Page;
  name: string;
  email: string;
}

async function teacher(browser: Browser, name: string): Promise<Teacher> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const { email } = await signUp(page.request, newAccount(name, 'coteach'));
  return { page, name, email };
}

async function shareByApi(owner: Teacher, studentId: string, grantee: Teacher, role: string): Promise<{ id: string }> {
  const response = await owner.page.request.post(`/api/students/${studentId}/shares`, { data: { email: grantee.email, role } });
  if (response.status() !== 201) throw new Error(`share failed with ${response.status()}`);
  return (await response.json()) as { id: string };
}

/** Opens a page and waits until its socket has upgraded, so no poke sent afterwards is missed. */
async function openLive(page: Page, path: string) {
  const socket = page.waitForEvent('websocket', (ws) => ws.url().includes('/socket.io/'));
  await page.goto(path);
  await socket;
}

const closeAll = async (...teachers: Teacher[]) => {
  for (const { page } of teachers) await page.context().close();
};

test('A shares with B as co-teacher; A’s edit shows on B’s open page within 1 s; presence shows both', async ({ browser }) => {
  const a = await teacher(browser, 'Alex Owner');
  const b = await teacher(browser, 'Blair Coteacher');
  const { id } = await addStudent(a.page.request, { firstName: 'Ava', lastInitial: 'S', grade: '3' });

  // A shares through the dialog. B has an account, but until B opens the student the share reads as an invitation,
  // as it would for an address without one: sharing does not tell A who has an account.
  await a.page.goto(`/students/${id}`);
  await a.page.getByRole('button', { name: 'Share' }).click();
  const dialog = a.page.getByRole('dialog', { name: 'Share Ava S.' });
  await dialog.getByLabel('E-mail').fill(b.email);
  await dialog.getByRole('radio', { name: /Co-teacher/ }).check();
  await dialog.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(a.page.getByText(`${b.email} is invited as Co-teacher.`)).toBeVisible();
  const invited = dialog.getByTestId('share-row').filter({ hasText: b.email });
  await expect(invited.getByText('Pending')).toBeVisible();
  await expect(invited.getByText('Co-teacher')).toBeVisible();
  await expect(dialog.getByText(b.name)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // B finds the student in the list with a badge naming A, and opens it.
  await openLive(b.page, '/students');
  const card = b.page.getByTestId('student-card').filter({ hasText: 'Ava S.' });
  await expect(card.getByText(`Shared by ${a.name}`)).toBeVisible();
  await card.getByRole('link', { name: 'Ava S.' }).click();
  await expect(b.page.locator('.page-header__description')).toContainText('Grade 3');
  // A co-teacher edits, but neither deletes nor shares.
  await expect(b.page.getByRole('button', { name: 'Edit Student' })).toBeVisible();
  await expect(b.page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(b.page.getByRole('button', { name: 'Share' })).toHaveCount(0);

  // Presence: each sees the other, not themselves.
  await expect(b.page.getByText(`${a.name} is viewing`)).toBeVisible({ timeout: 2_000 });
  await expect(a.page.getByText(`${b.name} is viewing`)).toBeVisible({ timeout: 2_000 });
  await expect(b.page.getByText(`${b.name} is viewing`)).toHaveCount(0);

  // B has opened the student: A's share list now names B, as Active.
  await a.page.getByRole('button', { name: 'Share' }).click();
  const row = dialog.getByTestId('share-row').filter({ hasText: b.name });
  await expect(row.getByText('Active')).toBeVisible();
  await expect(row.getByText('Co-teacher')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // A changes the grade; B's page follows without a reload.
  const current = (await (await a.page.request.get(`/api/students/${id}`)).json()) as Record<string, unknown> & { revision: number };
  const saved = await a.page.request.put(`/api/students/${id}`, {
    headers: { 'If-Match': `"${current.revision}"` },
    data: { firstName: 'Ava', lastInitial: 'S', grade: '5', status: 'active', accommodationIds: [] },
  });
  expect(saved.status()).toBe(200);
  await expect(b.page.locator('.page-header__description')).toContainText('Grade 5', { timeout: 1_000 });

  // A leaves: B's avatars follow within the grace period plus 2 s.
  await a.page.goto('/students');
  await expect(b.page.getByText(`${a.name} is viewing`)).toHaveCount(0, { timeout: 4_000 });
  await closeAll(a, b);
});

test('A and B both change the first name: A saves, B gets the merge dialog and keeps a choice', async ({ browser }) => {
  const a = await teacher(browser, 'Alex Owner');
  const b = await teacher(browser, 'Blair Coteacher');
  const { id } = await addStudent(a.page.request, { firstName: 'Ava', lastInitial: 'S', grade: '3' });
  await shareByApi(a, id, b, 'co-teacher');

  await openLive(a.page, `/students/edit/${id}`);
  await openLive(b.page, `/students/edit/${id}`);
  await expect(a.page.getByLabel('First Name')).toHaveValue('Ava');
  await expect(b.page.getByLabel('First Name')).toHaveValue('Ava');
  await expect(b.page.getByText(`${a.name} is editing`)).toBeVisible({ timeout: 2_000 });

  await a.page.getByLabel('First Name').fill('Avery');
  await b.page.getByLabel('First Name').fill('Ava-Marie');
  await b.page.getByLabel('Status').click();
  await clickInPopup(b.page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: /^Requires Attention$/ }));

  await a.page.getByRole('button', { name: 'Update Student' }).click();
  await expect(a.page.getByText('Avery S. has been updated successfully')).toBeVisible();

  await b.page.getByRole('button', { name: 'Update Student' }).click();
  const merge = b.page.getByRole('dialog', { name: 'Someone else changed this student' });
  await expect(merge).toBeVisible();
  const field = merge.getByTestId('merge-field').filter({ hasText: 'First Name' });
  await expect(field.getByText('Yours: Ava-Marie')).toBeVisible();
  await expect(field.getByText(new RegExp(`Theirs, by ${a.name} at .+: Avery`))).toBeVisible();
  // Only the field both changed is asked about; B's status change merges on its own.
  await expect(merge.getByTestId('merge-field')).toHaveCount(1);

  await field.getByRole('radio', { name: /Theirs/ }).check();
  await merge.getByRole('button', { name: 'Save my choices' }).click();
  await expect(b.page.getByText('Avery S. has been updated successfully')).toBeVisible();

  const final = (await (await a.page.request.get(`/api/students/${id}`)).json()) as { firstName: string; status: string };
  expect(final).toMatchObject({ firstName: 'Avery', status: 'issue' });
  await closeAll(a, b);
});

test('a substitute’s screens show no parent information, notes or documents, and nothing to edit', async ({ browser }) => {
  const a = await teacher(browser, 'Alex Owner');
  const sub = await teacher(browser, 'Sam Substitute');
  const ids = await libraryIds(a.page.request);
  const { id } = await addStudent(a.page.request, {
    firstName: 'Noah',
    lastInitial: 'P',
    grade: '2',
    accommodationIds: [ids.get('Extended Time') ?? ''],
    notes: '<p>Private note about home</p>',
  });
  const withParent = await a.page.request.get(`/api/students/${id}`);
  const record = (await withParent.json()) as { revision: number };
  const parent = await a.page.request.put(`/api/students/${id}`, {
    headers: { 'If-Match': `"${record.revision}"` },
    data: {
      firstName: 'Noah', lastInitial: 'P', grade: '2', status: 'active', accommodationIds: [ids.get('Extended Time') ?? ''],
      parentName: 'Pat Parent', parentEmail: 'pat.parent@example.com', parentNotes: 'Call after 5', notes: '<p>Private note about home</p>',
    },
  });
  expect(parent.status()).toBe(200);
  await shareByApi(a, id, sub, 'substitute');

  await sub.page.goto('/students');
  const card = sub.page.getByTestId('student-card').filter({ hasText: 'Noah P.' });
  await expect(card.getByText(`Shared by ${a.name}`)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Edit Student' })).toHaveCount(0);

  await sub.page.goto(`/students/${id}`);
  await expect(sub.page.getByRole('heading', { name: 'Noah P.' })).toBeVisible();
  await expect(sub.page.getByRole('tab', { name: 'Accommodations' })).toBeVisible();
  await expect(sub.page.getByRole('tab', { name: 'Documents' })).toHaveCount(0);
  await expect(sub.page.getByRole('tab', { name: 'Notes' })).toHaveCount(0);
  await expect(sub.page.getByRole('button', { name: 'Edit Student' })).toHaveCount(0);
  await expect(sub.page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(sub.page.getByText('Parent/Guardian')).toHaveCount(0);
  await expect(sub.page.getByText('Pat Parent')).toHaveCount(0);
  await expect(sub.page.getByText('Private note about home')).toHaveCount(0);
  await sub.page.getByRole('tab', { name: 'Accommodations' }).click();
  await expect(sub.page.getByRole('tabpanel', { name: 'Accommodations' }).getByText('Extended Time')).toBeVisible();
  await expect(sub.page.getByRole('button', { name: 'Manage Accommodations' })).toHaveCount(0);
  await expect(sub.page.locator('body')).not.toContainText('pat.parent@example.com');

  // Typing the edit address gives a view-only answer, not a form.
  await sub.page.goto(`/students/edit/${id}`);
  await expect(sub.page.getByText('View only')).toBeVisible();
  await expect(sub.page.getByLabel('Parent/Guardian Name')).toHaveCount(0);
  await closeAll(a, sub);
});

test('several students shared at once appear on the substitute’s sub plan, which prints; revoking removes one live', async ({ browser }) => {
  const a = await teacher(browser, 'Alex Owner');
  const sub = await teacher(browser, 'Sam Substitute');
  const ids = await libraryIds(a.page.request);
  await addStudent(a.page.request, { firstName: 'Lia', lastInitial: 'M', grade: '4', accommodationIds: [ids.get('Breaks') ?? ''] });
  const { id: omarId } = await addStudent(a.page.request, {
    firstName: 'Omar',
    lastInitial: 'T',
    grade: '5',
    accommodationIds: [ids.get('Small Group') ?? ''],
  });

  // A selects both in the list and shares them in one go.
  await a.page.goto('/students');
  await a.page.getByRole('checkbox', { name: 'Select Lia M.' }).check();
  await a.page.getByRole('checkbox', { name: 'Select Omar T.' }).check();
  await expect(a.page.getByRole('region', { name: 'Selected students' })).toContainText('2 selected');
  await a.page.getByRole('button', { name: 'Share selected' }).click();
  const dialog = a.page.getByRole('dialog', { name: 'Share 2 students' });
  await dialog.getByLabel('E-mail').fill(sub.email);
  await dialog.getByRole('radio', { name: /Substitute/ }).check();
  await dialog.getByRole('button', { name: 'Share 2 students' }).click();
  await expect(a.page.getByText('2 students shared')).toBeVisible();
  await expect(a.page.getByRole('region', { name: 'Selected students' })).toHaveCount(0);

  await openLive(sub.page, '/sub-plan');
  const students = sub.page.getByTestId('sub-plan-student');
  await expect(students).toHaveCount(2);
  await expect(sub.page.getByRole('region', { name: 'Lia M.' })).toContainText('Breaks');
  await expect(sub.page.getByRole('region', { name: 'Omar T.' })).toContainText('Small Group');
  await expect(sub.page.getByText(`from ${a.name}`)).toBeVisible();

  // Print: the sheet stays, the app's chrome and the Print button go.
  await sub.page.emulateMedia({ media: 'print' });
  await expect(sub.page.getByRole('region', { name: 'Lia M.' })).toBeVisible();
  await expect(sub.page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(sub.page.locator('.shell-header')).toBeHidden();
  await sub.page.emulateMedia({ media: 'screen' });

  // A revokes Omar's share; the substitute's open sheet loses him without a reload.
  const shares = (await (await a.page.request.get(`/api/students/${omarId}/shares`)).json()) as { id: string }[];
  await a.page.goto(`/students/${omarId}`);
  await a.page.getByRole('button', { name: 'Share' }).click();
  const shareDialog = a.page.getByRole('dialog', { name: 'Share Omar T.' });
  await expect(shareDialog.getByTestId('share-row')).toHaveCount(shares.length);
  await shareDialog.getByTestId('share-row').filter({ hasText: sub.name }).getByRole('button', { name: 'Revoke' }).click();
  await a.page.getByRole('button', { name: 'Revoke', exact: true }).last().click();
  await expect(a.page.getByText('Access revoked')).toBeVisible();
  await expect(students).toHaveCount(1, { timeout: 2_000 });
  await expect(sub.page.getByRole('region', { name: 'Omar T.' })).toHaveCount(0);
  await closeAll(a, sub);
});

test('A deletes their account: the dialog says what happens, and B, the co-teacher, becomes the owner and is told', async ({ browser }) => {
  const a = await teacher(browser, 'Alex Leaving');
  const b = await teacher(browser, 'Blair Staying');
  const { id } = await addStudent(a.page.request, { firstName: 'Ava', lastInitial: 'S', grade: '3' });
  await addStudent(a.page.request, { firstName: 'Solo', lastInitial: 'U', grade: '2' });
  await addStudent(a.page.request, { firstName: 'Sam', lastInitial: 'U', grade: '2' });
  await shareByApi(a, id, b, 'co-teacher');

  await a.page.goto('/settings');
  await a.page.getByRole('tab', { name: 'Security' }).click();
  await a.page.getByTestId('delete-account-card').getByRole('button', { name: 'Delete Account' }).click();
  const dialog = a.page.getByRole('dialog', { name: 'Delete your account permanently?' });
  await expect(dialog.getByTestId('account-deletion-summary')).toHaveText('1 student will pass to their co-teacher; 2 will be erased.');
  await dialog.getByLabel('Password').fill('correct horse battery');
  const deletion = a.page.waitForResponse((response) => response.url().endsWith('/api/account') && response.request().method() === 'DELETE');
  await dialog.getByRole('button', { name: 'Delete Account' }).click();
  expect((await deletion).status()).toBe(200);
  // A is signed out and back on the home page. Waiting for it also keeps the context from being closed mid-navigation,
  // which left Chromium's close hanging until the test's timeout in some runs.
  await expect(a.page.getByRole('heading', { level: 1, name: "Every student's 504 accommodations, at a glance" })).toBeVisible();

  // B owns Ava now, and a notification says so.
  await expect
    .poll(async () => ((await (await b.page.request.get('/api/notifications')).json()) as { title: string }[]).map((n) => n.title))
    .toContain('Student passed to you');
  expect((await (await b.page.request.get(`/api/students/${id}`)).json()) as { access: string }).toMatchObject({ access: 'owner' });
  await closeAll(a, b);
});
