import { test, type Page } from '@playwright/test';
import { outDir, widths } from './look-book.ts';
import { linkMailedBy, newAccount, signUp, signUpUnverified } from './account-fixtures.ts';
import { addPlan, addStudent, dayFromToday, everyStateCaseload, libraryIds, tinyPdf } from './caseload-fixtures.ts';

// A look-book, not a test: `SCREENSHOTS=1 npx playwright test` saves full-page PNGs of
// each screen at desktop and phone widths to .tmp/screens for a human to review.

async function shoot(page: Page, path: string, name: string) {
  const response = await page.goto(path);
  // A look-book of error pages would pass for a look-book.
  if (!response?.ok()) throw new Error(`${path} answered ${response?.status() ?? 'nothing'}`);
  await shootHere(page, name);
}

/** The page as it is now (after steps that a plain visit would not reproduce), at each width. */
async function shootHere(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  for (const size of widths) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${outDir}/${name}-${size.name}.png`, fullPage: true });
    if (size.name === 'mobile') {
      // Tall phone pages are unreadable when scaled down whole: also save them in screen-sized slices.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let part = 0; part * 1200 < height && part < 5; part += 1) {
        const clip = { x: 0, y: part * 1200, width: size.width, height: Math.min(1200, height - part * 1200) };
        await page.screenshot({ path: `${outDir}/${name}-${size.name}-part${part + 1}.png`, fullPage: true, clip });
      }
    }
  }
}

test('signed-out screens', async ({ page }) => {
  await shoot(page, '/', 'landing');
  await shoot(page, '/login', 'login');
  await shoot(page, '/register', 'register');
  await shoot(page, '/terms', 'terms');
  await shoot(page, '/privacy', 'privacy');
  await shoot(page, '/contact', 'contact');
  await shoot(page, '/nowhere', 'not-found');
});

test('signed-in screens', async ({ page }) => {
  await signUp(page.request, newAccount('Jamie Rivera', 'shots'));
  await shoot(page, '/', 'dashboard');
  await shoot(page, '/settings', 'settings');
  await shoot(page, '/upgrade', 'upgrade');
  await shoot(page, '/notifications', 'notifications');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/students');
  await page.getByRole('button', { name: 'Open menu' }).click();
  // The drawer's code loads on first opening: wait for it, then for its slide-in to finish.
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${outDir}/mobile-menu-mobile.png` });
});

test('account screens: verification and password reset', async ({ page }) => {
  await shoot(page, '/forgot-password', 'forgot-password');
  await shoot(page, '/verify-email', 'verify-email-invalid');
  const registered = newAccount('Jamie Rivera', 'shots');
  await page.goto('/register');
  await page.getByLabel('Full Name').fill(registered.name);
  await page.getByLabel('Email Address').fill(registered.email);
  await page.getByLabel('Password').fill(registered.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
  await shootHere(page, 'register-check-email');

  const account = newAccount('Jamie Rivera', 'shots');
  const token = await signUpUnverified(page.request, account);
  await page.goto('/students');
  await page.getByText('Please verify your e-mail address.').waitFor();
  await shootHere(page, 'verify-email-banner');
  await page.goto(`/verify-email#token=${token}`);
  await page.getByRole('heading', { name: 'Your e-mail address is verified' }).waitFor();
  await shootHere(page, 'verify-email-done');

  const reset = await linkMailedBy(account.email, '/reset-password', () => page.request.post('/api/auth/forgot-password', { data: { email: account.email } }));
  await page.request.post('/api/auth/logout');
  await page.goto(reset);
  await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
  await shootHere(page, 'reset-password');
});

test('a teacher’s walkthrough: lists, a student, plans, history, roles and Premium', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const { student, sharedId } = await everyStateCaseload(browser, page);
  const long = await addStudent(page.request, { firstName: 'Wolfeschlegelsteinhausenbergerdorffvoralternwaren', lastInitial: 'W', grade: '4' });
  // Arrival toasts would sit over the headers; the look-book is about the pages.
  const hideToasts = () => page.addStyleTag({ content: '.toast-viewport { display: none !important; }' });

  await page.goto('/students');
  await hideToasts();
  await shootHere(page, 'students-grid-urgencies');
  await page.getByRole('button', { name: 'Filters' }).first().click();
  await page.getByLabel('Group Students By').getByText('Grade').click();
  await page.getByLabel('Display View').getByText('List').click();
  await shootHere(page, 'students-list-by-grade');
  await page.getByLabel('Display View').getByText('Grid').click();
  await page.getByRole('button', { name: 'Filters' }).first().click();

  await page.goto(`/students/${student.id}`);
  await hideToasts();
  await shootHere(page, 'student-overview');
  await page.getByRole('tab', { name: 'Plans' }).click();
  await shootHere(page, 'student-plans');
  await page.getByRole('tab', { name: 'History' }).click();
  await page.getByLabel('Date', { exact: true }).fill(dayFromToday(0));
  await page.getByTestId('as-of-view').waitFor();
  await shootHere(page, 'student-history-as-of');
  await page.goto(`/students/${long.id}`);
  await hideToasts();
  await shootHere(page, 'student-long-name');

  await shoot(page, `/plans/${student.planId}`, 'plan-two-versions');
  const plans = (await (await page.request.get('/api/plans')).json()) as { id: string; studentId: string }[];
  const single = plans.find((plan) => plan.studentId !== student.id);
  if (single) await shoot(page, `/plans/${single.id}`, 'plan-one-version');
  await page.goto('/plans/00000000-0000-4000-8000-000000000000');
  await page.getByRole('heading', { name: 'Plan not found' }).waitFor();
  await shootHere(page, 'plan-not-found');

  await page.goto(`/students/${sharedId}`);
  await hideToasts();
  await page.getByRole('tab', { name: 'Documents' }).click();
  await shootHere(page, 'auditor-documents');
  await shoot(page, '/notifications', 'notifications-premium');
  await shoot(page, '/upgrade', 'upgrade-premium');
  const free = await (await browser.newContext()).newPage();
  await signUp(free.request, newAccount('Frida Free', 'shots'));
  await shoot(free, '/upgrade', 'upgrade-free');
  await shoot(free, '/notifications', 'notifications-free');
  await free.context().close();
});

test('documents and the printout: deleting with a confirmation, and what Print puts on paper', async ({ page }) => {
  test.setTimeout(180_000);
  await signUp(page.request, newAccount('Jamie Rivera', 'shots'));
  const ids = await libraryIds(page.request);
  const names = ['Extended Time', 'Breaks', 'Visual Schedule', 'Small Group', 'Preferential Seating', 'Calculator Use'];
  const { id } = await addStudent(page.request, { firstName: 'Ava', lastInitial: 'M', grade: '3', accommodationIds: names.map((name) => ids.get(name) ?? '') });
  const plan = await addPlan(page.request, id, { startDate: dayFromToday(-60), reviewDate: dayFromToday(120) });
  await page.request.patch(`/api/plans/${plan.id}`, { data: { meetingDate: dayFromToday(100) } });
  for (const name of ['IEP-2026.pdf', 'Hearing screening, Oct 2026 (audiologist report, final version).pdf']) {
    await page.request.post(`/api/students/${id}/documents`, { multipart: { file: { name, mimeType: 'application/pdf', buffer: tinyPdf(name) } } });
  }
  await page.goto(`/students/${id}`);
  await page.getByRole('tab', { name: 'Documents' }).click();
  await page.getByRole('button', { name: 'Delete IEP-2026.pdf' }).waitFor();
  await shootHere(page, 'student-documents');
  for (const size of widths) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.getByRole('button', { name: 'Delete IEP-2026.pdf' }).click();
    await page.getByRole('button', { name: 'Delete Document' }).waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${outDir}/student-document-delete-confirm-${size.name}.png` });
    await page.getByRole('button', { name: 'Cancel' }).click();
  }
  await page.emulateMedia({ media: 'print' });
  await shootHere(page, 'student-print');
});

test('identity and records: two-factor set-up, its sign-in step and the access log', async ({ page }) => {
  const account = await signUp(page.request, newAccount('Jamie Rivera', 'shots'));
  const { id } = await addStudent(page.request, { firstName: 'Ava', lastInitial: 'M', grade: '3' });
  await page.goto(`/students/${id}`);
  await page.getByRole('tab', { name: 'Access log' }).click();
  await page.getByTestId('access-log-card').locator('tbody tr').first().waitFor();
  await shootHere(page, 'student-access-log');

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Security' }).click();
  await shootHere(page, 'settings-security');
  await page.getByRole('button', { name: 'Set Up' }).click();
  await page.getByRole('dialog', { name: 'Two-factor sign-in' }).getByLabel('Set-up key').waitFor();
  await shootHere(page, 'two-factor-set-up');
  await page.request.post('/api/auth/logout');
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await shootHere(page, 'login-filled');
});

test('the implementation log: a class’s day, an exception with its note, the student’s tab and the coverage', async ({ page }) => {
  await signUp(page.request, newAccount('Jamie Rivera', 'shots-implog'));
  const library = [...(await libraryIds(page.request)).values()];
  const avery = await addStudent(page.request, { firstName: 'Avery', lastInitial: 'K', grade: '5', accommodationIds: library.slice(0, 3) });
  const blake = await addStudent(page.request, { firstName: 'Blake', lastInitial: 'M', grade: '5', accommodationIds: library.slice(3, 5) });
  await addPlan(page.request, avery.id, { startDate: dayFromToday(-60), reviewDate: dayFromToday(300) });
  const created = await page.request.post('/api/classes', { data: { name: 'Period 3 Algebra I', period: '3' } });
  const classId = ((await created.json()) as { id: string }).id;
  await page.request.put(`/api/classes/${classId}/students`, { data: { studentIds: [avery.id, blake.id] }, headers: { 'If-Match': created.headers().etag ?? '' } });
  await page.request.post(`/api/students/${blake.id}/implementation-log`, {
    data: [
      { date: dayFromToday(0), accommodationId: library[3], outcome: 'provided' },
      { date: dayFromToday(0), accommodationId: library[4], outcome: 'not-provided', note: 'The testing room was taken; moved the quiz to Friday.' },
    ],
  });
  await shoot(page, `/implementation/log?classId=${classId}`, 'implementation-day');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('radiogroup').first().locator('label').filter({ hasText: 'Refused' }).click();
  await shootHere(page, 'implementation-day-exception');
  await shoot(page, `/students/${blake.id}?tab=implementation`, 'implementation-tab');
  await shoot(page, '/implementation/coverage', 'implementation-coverage');
  await shoot(page, '/implementation/log', 'implementation-choose-class');
});

test('proof of implementation: the testing-day list, the classes page’s export and the hearing packet', async ({ page }) => {
  await signUp(page.request, newAccount('Jamie Rivera', 'shots'));
  const library = await libraryIds(page.request);
  const ids: string[] = [];
  for (const [firstName, names] of [
    ['Ava', ['Extended Time', 'Reading Aloud', 'Fidget Tools']],
    ['Ben', ['Small Group', 'Breaks']],
    ['Cleo', ['Preferential Seating']],
  ] as const) {
    ids.push((await addStudent(page.request, { firstName, lastInitial: 'M', grade: '6', accommodationIds: names.map((name) => library.get(name)!) })).id);
  }
  await addPlan(page.request, ids[0]!, { startDate: dayFromToday(-30), reviewDate: dayFromToday(200) });
  const created = await page.request.post('/api/classes', { data: { name: 'Period 2 Biology', period: '2' } });
  const classId = ((await created.json()) as { id: string }).id;
  await page.request.put(`/api/classes/${classId}/students`, { data: { studentIds: ids }, headers: { 'If-Match': created.headers().etag ?? '' } });
  await shoot(page, `/classes/${classId}/testing-day`, 'testing-day');
  await shoot(page, '/classes', 'classes-with-testing-export');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/students/${ids[0]}`);
  await page.getByRole('tab', { name: 'History' }).click();
  await page.getByRole('button', { name: 'Hearing packet' }).click();
  await page.getByRole('dialog', { name: 'Hearing packet' }).getByLabel('From').waitFor();
  await shootHere(page, 'hearing-packet-dialog');
});
