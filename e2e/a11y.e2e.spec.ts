import { expect, test, type Browser, type Cookie, type Page } from '@playwright/test';
import { addStudent, dayFromToday, everyStateCaseload, libraryIds, signUpTeacher } from './caseload-fixtures.ts';
import { seriousViolations } from './axe-violations.ts';
import { newAccount, signUpUnverified } from './account-fixtures.ts';

/**
 * WCAG 2.1 AA with axe-core on every route, at desktop width and at 375 px:
 * no serious or critical violation. Each failure names the rule and the elements.
 */
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 740 },
];
const PUBLIC_ROUTES = ['/', '/login', '/register', '/forgot-password', '/reset-password', '/verify-email', '/contact', '/terms', '/privacy', '/no-such-page'];

async function settled(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible();
  // Page loaders and skeletons gone: axe judges the page a person actually reads.
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
}

/**
 * A signed-in teacher made once per group of tests, its cookies handed to each test's page: one route or one group of
 * states per test, so that each test stays well inside its timeout on a slow 2-core CI machine (three axe tests that
 * each walked a dozen pages ran out of time there).
 */
function signedInOnce<T>(make: (browser: Browser, page: Page) => Promise<T>) {
  let cookies: Cookie[] = [];
  let made: T | undefined;
  test.beforeAll(async ({ browser }, testInfo) => {
    testInfo.setTimeout(120_000);
    const context = await browser.newContext();
    made = await make(browser, await context.newPage());
    cookies = await context.cookies();
    await context.close();
  });
  return async (page: Page): Promise<T> => {
    await page.context().addCookies(cookies);
    if (made === undefined) throw new Error('the signed-in caseload was not made');
    return made;
  };
}

async function teacherWithAPlan(_browser: Browser, page: Page) {
  await signUpTeacher(page);
  const ids = await libraryIds(page.request);
  const student = await addStudent(page.request, {
    firstName: 'Avery',
    lastInitial: 'K',
    grade: '5',
    accommodationIds: [...ids.values()].slice(0, 2),
    notes: '<p>Sits near the door.</p>',
  });
  const plan = await page.request.post(`/api/students/${student.id}/plans`, {
    data: { startDate: '2025-09-01', reviewDate: '2026-09-01', status: 'active' },
  });
  // A class with the student in it, for the classes list and the roster matrix.
  const created = await page.request.post('/api/classes', { data: { name: 'Period 3 Algebra I', period: '3' } });
  const classId = ((await created.json()) as { id: string }).id;
  const enrolled = await page.request.put(`/api/classes/${classId}/students`, { data: { studentIds: [student.id] }, headers: { 'If-Match': created.headers().etag ?? '' } });
  expect(enrolled.status()).toBe(200);
  return { studentId: student.id, planId: ((await plan.json()) as { id: string }).id, classId };
}

const SIGNED_IN_ROUTES: ((made: { studentId: string; planId: string; classId: string }) => string)[] = [
  () => '/',
  () => '/dashboard',
  () => '/students',
  () => '/students/new',
  ({ studentId }) => `/students/${studentId}`,
  ({ studentId }) => `/students/edit/${studentId}`,
  () => '/accommodations',
  ({ planId }) => `/plans/${planId}`,
  () => '/plans/00000000-0000-4000-8000-000000000000',
  () => '/sub-plan',
  () => '/settings',
  () => '/notifications',
  () => '/upgrade',
  () => '/classes',
  ({ classId }) => `/classes/${classId}`,
  ({ classId }) => `/classes/${classId}/testing-day`,
  () => '/accommodations/at-a-glance',
  // The implementation log: the class picker, a class's day and the coverage.
  () => '/implementation/log',
  ({ classId }) => `/implementation/log?classId=${classId}`,
  () => '/implementation/coverage',
  ({ studentId }) => `/students/${studentId}?tab=implementation`,
];

const withoutIds = (path: string) => path.replace(/[0-9a-f-]{36}/, ':id');

for (const size of WIDTHS) {
  test.describe(`axe at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    for (const route of PUBLIC_ROUTES) {
      test(`the public page ${route} has no serious or critical violations`, async ({ page }) => {
        await page.goto(route);
        await settled(page);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }

    test('an unverified account’s banner, and the verification it leads to, have no serious or critical violations', async ({ page }) => {
      const token = await signUpUnverified(page.request, newAccount('Una Unverified', 'a11y'));
      await page.goto('/students');
      await settled(page);
      await expect(page.getByText('Please verify your e-mail address.')).toBeVisible();
      const found = (await seriousViolations(page)).map((v) => `banner: ${v}`);
      await page.goto(`/verify-email#token=${token}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Your e-mail address is verified' })).toBeVisible();
      found.push(...(await seriousViolations(page)).map((v) => `/verify-email: ${v}`));
      expect(found).toEqual([]);
    });

    test.describe('signed in', () => {
      const signIn = signedInOnce(teacherWithAPlan);
      SIGNED_IN_ROUTES.forEach((routeOf, index) => {
        const shown = withoutIds(routeOf({ studentId: '00000000-0000-4000-8000-000000000001', planId: '00000000-0000-4000-8000-000000000002', classId: '00000000-0000-4000-8000-000000000003' }));
        test(`signed-in page ${index + 1}, ${shown}, has no serious or critical violations`, async ({ page }) => {
          const route = routeOf(await signIn(page));
          await page.goto(route);
          await settled(page);
          expect(await seriousViolations(page)).toEqual([]);
        });
      });
    });

    test.describe('every state a teacher meets', () => {
      const signIn = signedInOnce(everyStateCaseload);
      const found: string[] = [];
      const check = async (page: Page, state: string) => found.push(...(await seriousViolations(page)).map((v) => `${state}: ${v}`));
      const open = async (page: Page, path: string) => {
        await page.goto(path);
        await settled(page);
      };
      const tab = async (page: Page, name: string) => {
        await page.getByRole('tab', { name }).click();
        await expect(page.locator('.ant-skeleton-active')).toHaveCount(0);
      };
      test.beforeEach(() => {
        found.length = 0;
      });

      test('the students list: every urgency and badge as cards, grouped as a list, and nothing found', async ({ page }) => {
        await signIn(page);
        await open(page, '/students');
        for (const urgency of ['overdue', 'within-week', 'within-month', 'later']) await expect(page.locator(`[data-urgency="${urgency}"]`).first()).toBeVisible();
        await check(page, 'students grid');
        await page.getByRole('button', { name: 'Filters' }).click();
        await page.getByLabel('Group Students By').getByText('Status').click();
        await page.getByLabel('Display View').getByText('List').click();
        await expect(page.getByText('Attention Required').first()).toBeVisible();
        await check(page, 'students list, grouped');
        await page.getByPlaceholder('Search by name...').fill('nobody by that name');
        await expect(page.getByText('No students found')).toBeVisible();
        await check(page, 'students list, nothing found');
        expect(found).toEqual([]);
      });

      test('a student: each tab, the plans in every urgency and the history as of today', async ({ page }) => {
        const { student } = await signIn(page);
        await open(page, `/students/${student.id}`);
        await check(page, 'student overview');
        for (const name of ['Accommodations', 'Documents', 'Notes', 'Plans', 'Access log']) {
          await tab(page, name);
          await check(page, `student ${name}`);
        }
        await tab(page, 'History');
        await page.getByLabel('Date', { exact: true }).fill(dayFromToday(0));
        await expect(page.getByTestId('as-of-view')).toBeVisible();
        await check(page, 'student history, as of today');
        await page.getByRole('button', { name: 'Hearing packet' }).click();
        await expect(page.getByRole('dialog', { name: 'Hearing packet' }).getByLabel('From')).toBeVisible();
        // The pointer is left where 'Hearing packet' was, which at 375 px is over Download: its hover colour is not what a reader meets.
        await page.mouse.move(0, 0);
        await check(page, 'the hearing packet dialog');
        expect(found).toEqual([]);
      });

      test('the delete, share and new-plan dialogs, a success toast and a failure toast', async ({ page }) => {
        const { student } = await signIn(page);
        await open(page, `/students/${student.id}`);
        await page.getByRole('button', { name: 'Delete' }).click();
        await expect(page.getByRole('dialog', { name: 'Are you absolutely sure?' })).toBeVisible();
        await check(page, 'delete dialog');
        await page.getByRole('button', { name: 'Cancel' }).click();
        await page.getByRole('button', { name: 'Share' }).click();
        await expect(page.getByRole('dialog', { name: 'Share Ava M.' }).getByLabel('E-mail')).toBeVisible();
        await check(page, 'share dialog');
        await page.keyboard.press('Escape');
        await tab(page, 'Plans');
        await page.getByRole('button', { name: 'New Plan' }).click();
        const planDialog = page.getByRole('dialog', { name: 'New Plan' });
        await planDialog.getByLabel('Review Date').fill('');
        await planDialog.getByRole('button', { name: 'Create Plan' }).click();
        await expect(planDialog.getByText('Review date is required')).toBeVisible();
        await check(page, 'new plan dialog, with an error');
        // Due long after any reminder, so that no notification's toast takes this one's place.
        await planDialog.getByLabel('Review Date').fill(dayFromToday(300));
        await planDialog.getByRole('button', { name: 'Create Plan' }).click();
        // A success toast (a polite status), held on screen by the pointer while axe reads it; then a failure's (an alert).
        const toasts = page.getByRole('region', { name: 'Notifications (F8)' });
        await toasts.getByRole('status').filter({ hasText: 'Plan Created' }).hover();
        await check(page, 'success toast');
        await tab(page, 'Documents');
        await page.getByTestId('document-file-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('plain text') });
        await toasts.getByRole('alert').filter({ hasText: 'Upload Failed' }).hover();
        await check(page, 'failure toast');
        expect(found).toEqual([]);
      });

      test('the plan page with two versions, a shared student, notifications, the accommodation dialog and Premium’s upgrade page', async ({ page }) => {
        const { student, sharedId } = await signIn(page);
        await open(page, `/plans/${student.planId}`);
        await expect(page.getByTestId('plan-versions')).toBeVisible();
        await check(page, 'plan page');
        await open(page, `/students/${sharedId}`);
        await expect(page.getByTestId('shared-by')).toBeVisible();
        await check(page, 'shared student, as auditor');
        await open(page, '/notifications');
        await expect(page.locator('.notification').first()).toBeVisible();
        await check(page, 'notifications');
        await open(page, '/accommodations');
        await page.getByRole('button', { name: 'Add Accommodation' }).click();
        await expect(page.getByRole('dialog', { name: 'Add New Accommodation' })).toBeVisible();
        await check(page, 'accommodation dialog');
        await open(page, '/upgrade');
        await check(page, 'upgrade, already Premium');
        expect(found).toEqual([]);
      });
    });
  });
}

// What a screen reader meets, in its order (Playwright's accessibility tree): the student first, then what one can do,
// then the tabs and the open tab; on the list, each card's name before its details. Partial: other nodes may lie between.
test('a screen reader meets a student’s page and the students list in a sensible order', async ({ page, browser }) => {
  const { student } = await everyStateCaseload(browser, page);
  await page.goto(`/students/${student.id}`);
  await settled(page);
  await expect(page.getByRole('main')).toMatchAriaSnapshot(`
    - heading "Ava M." [level=1]
    - paragraph: Grade 3
    - button /Print/
    - button /Share/
    - button /Edit Student/
    - button /Delete/
    - tablist:
      - tab "Overview" [selected]
      - tab "Accommodations"
      - tab "Documents"
      - tab "Notes"
      - tab "Plans"
      - tab "History"
      - tab "Access log"
    - tabpanel "Overview"
  `);
  await page.goto('/students');
  await settled(page);
  await expect(page.getByRole('main')).toMatchAriaSnapshot(`
    - heading "Students" [level=1]
    - checkbox "Select Ava M."
    - link "Ava M."
    - text: /Grade 3 Active Extended Time .*Review due.* \\(review overdue\\)/
    - button /Edit Student/
  `);
});

test.describe('reflow', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('at 320 px (WCAG 2.1 reflow) no signed-in page scrolls sideways', async ({ page, browser }) => {
    const { student, sharedId } = await everyStateCaseload(browser, page);
    const paths = ['/dashboard', '/students', `/students/${student.id}`, `/students/edit/${student.id}`, '/students/new', `/plans/${student.planId}`,
      `/students/${sharedId}`, '/notifications', '/upgrade', '/accommodations', '/accommodations/at-a-glance', '/settings', '/sub-plan'];
    const wider: string[] = [];
    for (const path of paths) {
      await page.goto(path);
      await settled(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (overflow > 0) wider.push(`${path.replace(/[0-9a-f-]{36}/, ':id')} by ${overflow} px`);
    }
    expect(wider).toEqual([]);
  });
});

// WCAG 2.4.2: every page names the browser tab after itself; after the kind of page, never a student's name, which
// would go into the browser's history.
test('each page titles its browser tab, and a student’s page does not name the student', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Sign in · Accommodate');
  await signUpTeacher(page);
  const { id } = await addStudent(page.request, { firstName: 'Avery', lastInitial: 'K', grade: '5' });
  for (const [path, title] of [
    ['/students', 'Students · Accommodate'],
    [`/students/${id}`, 'Student · Accommodate'],
    [`/students/edit/${id}`, 'Edit Student · Accommodate'],
    ['/settings', 'Account Settings · Accommodate'],
    ['/accommodations/at-a-glance', 'Accommodations at a Glance · Accommodate'],
    ['/no-such-page', 'Page Not Found · Accommodate'],
  ] as const) {
    await page.goto(path);
    await settled(page);
    await expect(page).toHaveTitle(title);
  }
  await page.goto(`/students/${id}`);
  await settled(page);
  expect(await page.title()).not.toContain('Avery');
});
