import { expect, test, type Page } from '@playwright/test';
import { addStudent, libraryIds, signUpTeacher } from './caseload-fixtures.ts';
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

for (const size of WIDTHS) {
  test.describe(`axe at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('public pages have no serious or critical violations', async ({ page }) => {
      const found: string[] = [];
      for (const route of PUBLIC_ROUTES) {
        await page.goto(route);
        await settled(page);
        found.push(...(await seriousViolations(page)).map((v) => `${route}: ${v}`));
      }
      expect(found).toEqual([]);
    });

    test('signed-in pages have no serious or critical violations', async ({ page }) => {
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
      const planId = ((await plan.json()) as { id: string }).id;
      const routes = [
        '/',
        '/dashboard',
        '/students',
        '/students/new',
        `/students/${student.id}`,
        `/students/edit/${student.id}`,
        '/accommodations',
        `/plans/${planId}`,
        '/sub-plan',
        '/settings',
        '/notifications',
        '/upgrade',
      ];
      const found: string[] = [];
      for (const route of routes) {
        await page.goto(route);
        await settled(page);
        found.push(...(await seriousViolations(page)).map((v) => `${route}: ${v}`));
      }
      expect(found).toEqual([]);
    });

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
  });
}
