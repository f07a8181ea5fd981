import { expect, test, type Page } from '@playwright/test';
import { formatCalendarDate } from '@accommodate/shared-events/schemas/record-display';
import { addStudent, clickInPopup, signUpTeacher } from './caseload-fixtures.ts';

// Review dates are calendar days in UTC, as the reminder scheduler counts them.
const utcDate = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function addPlan(page: Page, studentId: string, reviewDate: string): Promise<{ id: string }> {
  const response = await page.request.post(`/api/students/${studentId}/plans`, {
    data: { startDate: utcDate(-200), reviewDate, status: 'active' },
  });
  if (response.status() !== 201) throw new Error(`create plan failed with ${response.status()}`);
  return (await response.json()) as { id: string };
}

/** Opens a signed-in page and waits until its socket is connected, so no poke can be missed. */
async function openWithSocket(page: Page, path: string) {
  const socket = page.waitForEvent('websocket', (ws) => ws.url().includes('/socket.io/'));
  const firstList = page.waitForResponse((response) => response.url().endsWith('/api/notifications'));
  await page.goto(path);
  await Promise.all([socket, firstList]);
}

test('a plan due tomorrow raises the bell live; reading it brings the count back to zero', async ({ page }) => {
  await signUpTeacher(page);
  await openWithSocket(page, '/students');
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName('Notifications');

  const student = await addStudent(page.request, { firstName: 'Maya', lastInitial: 'R', grade: '4' });
  const reviewDate = utcDate(1);
  const plan = await addPlan(page, student.id, reviewDate);

  // No reload: the socket poke refetches the list, a toast names it and the badge counts it. The toast lives 5 s
  // (spec), so its title and text are one assertion, made first: on a loaded machine, a few assertions before it
  // took longer than that and the toast was gone before its text was looked at.
  const toasts = page.getByRole('region', { name: 'Notifications (F8)' });
  const toast = toasts.locator('.toast__text').filter({ hasText: 'Plan review tomorrow' });
  await expect(toast.getByText(`The 504 plan for Maya R. is due for review tomorrow (${formatCalendarDate(reviewDate)}).`)).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await expect(bell.getByTestId('unread-count')).toHaveText('1');
  await expect(page).toHaveURL(/\/students$/);

  await bell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  const today = page.getByRole('region', { name: 'Today' });
  const item = today.getByTestId('notification-item').filter({ hasText: 'Plan review tomorrow' });
  await expect(item).toHaveCount(1);
  await expect(item.getByText('New', { exact: true })).toBeVisible();
  await expect(item.getByRole('img', { name: 'Plan review' })).toBeVisible();
  await expect(item.getByRole('link', { name: 'View Student' })).toHaveAttribute('href', `/students/${student.id}`);
  await expect(item.getByRole('link', { name: 'View Plan' })).toHaveAttribute('href', `/plans/${plan.id}`);

  await item.getByRole('button', { name: 'Mark as read' }).click();
  await expect(item.getByText('Read', { exact: true })).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();

  // The server kept it: after a reload it is still read, and hiding read ones leaves nothing.
  await page.reload();
  await expect(page.getByTestId('notification-item').getByText('Read', { exact: true })).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications');
  await page.getByLabel('Show Read Notifications').click();
  await expect(page.getByText('All caught up!')).toBeVisible();
  await expect(page.getByText('You have no unread notifications at the moment.')).toBeVisible();
  await page.getByRole('button', { name: 'Show read notifications' }).click();
  await expect(page.getByTestId('notification-item').filter({ hasText: 'Plan review tomorrow' })).toBeVisible();
});

test("'Mark all as read' clears every new notification", async ({ page }) => {
  await signUpTeacher(page);
  const maya = await addStudent(page.request, { firstName: 'Maya', lastInitial: 'R', grade: '4' });
  const leo = await addStudent(page.request, { firstName: 'Leo', lastInitial: 'T', grade: '2' });
  await addPlan(page, maya.id, utcDate(1));
  await addPlan(page, leo.id, utcDate(7));
  await expect
    .poll(async () => ((await (await page.request.get('/api/notifications')).json()) as unknown[]).length)
    .toBe(2);

  await page.goto('/notifications');
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName('Notifications, 2 unread');
  await expect(page.getByTestId('notification-item').getByText('New', { exact: true })).toHaveCount(2);
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByTestId('notification-item').getByText('Read', { exact: true })).toHaveCount(2);
  await expect(bell).toHaveAccessibleName('Notifications');
});

test('Settings → Notifications: real per-type preferences, tied to the e-mail setting, and a private calendar feed', async ({ page }) => {
  await signUpTeacher(page);
  const student = await addStudent(page.request, { firstName: 'Maya', lastInitial: 'R', grade: '4' });
  await addPlan(page, student.id, utcDate(30));

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Notifications' }).click();
  const reviews = page.getByRole('switch', { name: 'Plan Review Reminders' });
  await expect(reviews).toBeChecked();
  await expect(reviews).toBeEnabled();
  await reviews.click();
  await expect(page.getByText('Preferences Updated')).toBeVisible();
  await expect(reviews).not.toBeChecked();
  expect(await (await page.request.get('/api/notification-preferences')).json()).toEqual({
    review: false,
    document: true,
    feedback: true,
    system: true,
  });

  // Calendar feed: a private URL that serves the review dates until it is turned off.
  await page.getByRole('button', { name: 'Create calendar link' }).click();
  const urlBox = page.getByLabel('Calendar feed URL');
  await expect(urlBox).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const feedUrl = await urlBox.inputValue();
  const feed = await page.request.get(feedUrl);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain('BEGIN:VCALENDAR');
  await expect(page.getByText('Google Calendar:')).toBeVisible();

  await page.getByRole('button', { name: 'Reset link' }).click();
  await clickInPopup(page.locator('.ant-popconfirm').getByRole('button', { name: 'Reset link' }));
  await expect(page.getByText('Calendar link reset')).toBeVisible();
  await expect(urlBox).not.toHaveValue(feedUrl);
  expect((await page.request.get(feedUrl)).status()).toBe(404);
  const rotatedUrl = await urlBox.inputValue();

  await page.getByRole('button', { name: 'Turn off' }).click();
  await clickInPopup(page.locator('.ant-popconfirm').getByRole('button', { name: 'Turn off' }));
  await expect(page.getByText('Calendar feed turned off')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create calendar link' })).toBeVisible();
  expect((await page.request.get(rotatedUrl)).status()).toBe(404);

  // With e-mail off, the per-type switches cannot be changed, and say why.
  const settings = await page.request.put('/api/settings', {
    data: { name: 'Casey Teacher', email: (await (await page.request.get('/api/auth/user')).json()).email, emailNotifications: false },
  });
  expect(settings.ok()).toBe(true);
  await page.reload();
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(page.getByRole('switch', { name: 'Plan Review Reminders' })).toBeDisabled();
  await expect(page.getByText('Email Notifications are off.')).toBeVisible();
});

test("the notifications page's Email Notifications switch is the account setting", async ({ page }) => {
  await signUpTeacher(page);
  await page.goto('/notifications');
  const email = page.getByRole('switch', { name: 'Email Notifications' });
  await expect(email).toBeChecked();
  await email.click();
  await expect(page.getByText('Preferences Updated')).toBeVisible();
  await expect(email).not.toBeChecked();
  const user = (await (await page.request.get('/api/auth/user')).json()) as { emailNotifications: boolean };
  expect(user.emailNotifications).toBe(false);
  await expect(page.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/upgrade');
});
