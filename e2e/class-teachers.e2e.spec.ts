import { expect, test, type Browser } from '@playwright/test';
import { newAccount, signUp } from './account-fixtures.ts';
import { checkedScreenshots } from './layout-checks.ts';

// A class's owner takes a co-teacher off the class from the Add Teacher dialog, after confirming.

async function teacher(browser: Browser, name: string) {
  const page = await (await browser.newContext()).newPage();
  const { email } = await signUp(page.request, newAccount(name, 'class-teachers'));
  return { page, email };
}

test('the owner removes a co-teacher, who no longer sees the class', async ({ browser }) => {
  const olga = await teacher(browser, 'Olga Owner');
  const tom = await teacher(browser, 'Tom Teacher');
  const created = await olga.page.request.post('/api/classes', { data: { name: 'Period 5 Biology' } });
  const classId = ((await created.json()) as { id: string }).id;
  expect((await olga.page.request.post(`/api/classes/${classId}/teachers`, { data: { email: tom.email } })).status()).toBe(201);
  await expect.poll(async () => (await tom.page.request.get(`/api/classes/${classId}`)).status()).toBe(200);

  await olga.page.goto('/classes');
  const card = olga.page.getByTestId('class-card').filter({ hasText: 'Period 5 Biology' });
  await expect(card.getByText('Teachers: Olga Owner, Tom Teacher')).toBeVisible();
  await card.getByRole('button', { name: 'Add Teacher' }).click();
  const dialog = olga.page.getByRole('dialog', { name: 'Add a teacher of this class' });
  await expect(dialog.getByRole('button', { name: 'Remove Tom Teacher' })).toBeVisible();
  await checkedScreenshots(olga.page, '/tmp/shots-class-teachers', 'add-teacher-dialog', { axeAtPhoneWidth: true });
  await dialog.getByRole('button', { name: 'Remove Tom Teacher' }).click();
  const confirm = olga.page.getByRole('tooltip').filter({ hasText: 'Remove Tom Teacher from Period 5 Biology?' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(olga.page.getByText('Teacher removed')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Remove Tom Teacher' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(card.getByText('Teachers: Olga Owner', { exact: true })).toBeVisible();
  expect((await tom.page.request.get(`/api/classes/${classId}`)).status()).toBe(404);
});
