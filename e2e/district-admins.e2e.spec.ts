import { expect, test, type Browser, type Page } from '@playwright/test';
import { mailedBy, newAccount, signUp } from './account-fixtures.ts';
import { pickOption } from './caseload-fixtures.ts';
import { checkedScreenshots } from './layout-checks.ts';

// A district's administrators in Settings → District (who they are, removing one, never the last), and the e-mail an
// invitation to the district or to a school sends; the school's invite form starts from Teacher every time.

const shots = '.tmp/screens';
const isInvitation = (mail: { subject: string }) => mail.subject.endsWith('invited you to Accommodate');

async function person(browser: Browser, name: string): Promise<{ page: Page; id: string; email: string }> {
  const page = await (await browser.newContext()).newPage();
  const { id, email } = await signUp(page.request, newAccount(name, 'district-admins'));
  return { page, id, email };
}

test('a district admin invites another by e-mail, sees the admins, removes one, and cannot remove the last', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const dana = await person(browser, 'Dana District');
  const eli = await person(browser, 'Eli Admin');
  const created = await dana.page.request.post('/api/districts', { data: { name: 'Birch District' } });
  const districtId = ((await created.json()) as { id: string }).id;

  await dana.page.goto('/settings');
  await dana.page.getByRole('tab', { name: 'District' }).click();
  const admins = dana.page.locator('.district-admins');
  // The district card's sections load as chunks of their own: a while on a busy machine.
  await expect(admins.getByRole('row').filter({ hasText: 'Dana District' })).toContainText(dana.email, { timeout: 30_000 });

  // Eli is invited, and the invitation reaches his inbox with the way in.
  const mail = await mailedBy(
    eli.email,
    async () => {
      await dana.page.getByLabel("Administrator's e-mail").fill(eli.email);
      await dana.page.getByRole('button', { name: 'Add administrator' }).click();
    },
    isInvitation,
  );
  expect(mail.text).toContain('Dana District invited you to administer Birch District as a district admin');
  expect(mail.text).toContain(`${baseURL}/login`);
  // The list names Eli only once he has taken the invitation up, by loading the app: an invitation tells nobody who
  // has an account.
  expect((await eli.page.request.get('/api/auth/me')).status()).toBe(200);
  await dana.page.reload();
  await dana.page.getByRole('tab', { name: 'District' }).click();
  const eliRow = admins.getByRole('row').filter({ hasText: 'Eli Admin' });
  await expect(eliRow).toContainText(eli.email, { timeout: 30_000 });
  expect((await eli.page.request.get(`/api/districts/${districtId}`)).status()).toBe(200);
  await checkedScreenshots(dana.page, shots, 'settings-district-admins');

  // Removed after a confirmation: gone from the list, and from Eli's reach at once.
  await eliRow.getByRole('button', { name: 'Remove Eli Admin' }).click();
  await expect(dana.page.getByText('Remove Eli Admin as an administrator?')).toBeVisible();
  await dana.page.locator('.ant-popconfirm').getByRole('button', { name: 'Remove' }).click();
  await expect(dana.page.getByText('Eli Admin no longer administers Birch District.')).toBeVisible();
  await expect(eliRow).toHaveCount(0);
  expect((await eli.page.request.get(`/api/districts/${districtId}`)).status()).toBe(404);

  // The last admin stays, and is told why.
  await admins.getByRole('row').filter({ hasText: 'Dana District' }).getByRole('button', { name: 'Remove Dana District' }).click();
  await expect(dana.page.getByText('Remove yourself as an administrator of Birch District?')).toBeVisible();
  await dana.page.locator('.ant-popconfirm').getByRole('button', { name: 'Remove' }).click();
  await expect(dana.page.getByText('A district needs at least one admin. Add another admin before you remove yourself.')).toBeVisible();
  await expect(admins.getByRole('row').filter({ hasText: 'Dana District' })).toBeVisible();
});

test('the school invite form mails the invitee, says the role it sent, and starts from Teacher again', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const dana = await person(browser, 'Dana District');
  const districtId = ((await (await dana.page.request.post('/api/districts', { data: { name: 'Cedar District' } })).json()) as { id: string }).id;
  expect((await dana.page.request.post(`/api/districts/${districtId}/schools`, { data: { name: 'Cedar Middle' } })).status()).toBe(201);

  await dana.page.goto('/settings');
  await dana.page.getByRole('tab', { name: 'School' }).click();
  const card = dana.page.locator('.school-card').filter({ has: dana.page.getByRole('heading', { name: 'Cedar Middle' }) });
  const role = card.getByLabel('Role', { exact: true });
  const cora = newAccount('Cora Coordinator', 'district-admins').email;
  const mail = await mailedBy(
    cora,
    async () => {
      await card.getByLabel('E-mail').fill(cora);
      await pickOption(role, '504 Coordinator');
      await card.getByRole('button', { name: 'Invite' }).click();
    },
    isInvitation,
  );
  expect(mail.text).toContain('Dana District invited you to join Cedar Middle as a 504 Coordinator');
  expect(mail.text).toContain(`${baseURL}/register?invited=1`);
  await expect(dana.page.getByText('Invited as 504 Coordinator.', { exact: false })).toBeVisible();
  await expect(card.getByRole('row').filter({ hasText: cora })).toContainText('504 Coordinator');
  // The next invitation is a teacher's unless someone chooses otherwise.
  await expect(card.locator('.school-invite-form .ant-select')).toContainText('Teacher');
  await expect(card.locator('.school-invite-form .ant-select')).not.toContainText('504 Coordinator');
  const tom = newAccount('Tom Teacher', 'district-admins').email;
  await card.getByLabel('E-mail').fill(tom);
  await card.getByRole('button', { name: 'Invite' }).click();
  await expect(card.getByRole('row').filter({ hasText: tom })).toContainText('Teacher');
  await expect(dana.page.getByText('Invited as Teacher.', { exact: false })).toBeVisible();
});
