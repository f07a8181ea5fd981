import { test, type Page } from '@playwright/test';
import { outDir, widths } from './look-book.ts';
import { newAccount, signUp } from './account-fixtures.ts';
import { addPlan, addStudent, libraryIds } from './caseload-fixtures.ts';
import { seriousViolations } from './axe-violations.ts';

// A look-book, not a test (the implementation views): `SCREENSHOTS=1 npx playwright test e2e/implementation-screenshots.ts`
// saves the caseload's day view with the plan's specifics and the History tab's plan record entry to .tmp/screens, each
// checked with axe at each width.

async function shootHere(page: Page, name: string) {
  for (const size of widths) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${outDir}/${name}-${size.name}.png`, fullPage: true });
    // Each view as shot is axe-clean (WCAG 2.1 AA, serious and critical) at this width.
    const violations = await seriousViolations(page);
    if (violations.length > 0) throw new Error(`${name} at ${size.name}: ${violations.join('; ')}`);
  }
}

test('implementation views', async ({ page }) => {
  await signUp(page.request, newAccount('Jamie Rivera', 'implshots'));
  const ids = await libraryIds(page.request);
  const [extendedTime, seating] = [ids.get('Extended Time')!, ids.get('Preferential Seating')!];
  const { id } = await addStudent(page.request, { firstName: 'Blake', lastInitial: 'N', grade: '7', accommodationIds: [extendedTime, seating] });
  await addStudent(page.request, { firstName: 'Ava', lastInitial: 'M', grade: '7', accommodationIds: [seating] });
  const plan = await addPlan(page.request, id);
  await page.request.put(`/api/plans/${plan.id}/record`, {
    data: {
      impairment: 'Dyslexia',
      specifics: [
        { accommodationId: extendedTime, details: '1.5× on tests and quizzes', where: 'Resource room', frequency: 'Every test' },
        { accommodationId: seating, details: 'Front row, away from the door', where: null, frequency: null },
      ],
    },
  });
  await page.goto('/implementation/log');
  await page.getByRole('link', { name: 'My caseload' }).waitFor();
  await shootHere(page, 'implementation-choose');
  await page.goto('/implementation/log?caseload=1');
  await page.getByText('Front row, away from the door').waitFor();
  await shootHere(page, 'implementation-caseload-day');
  await page.goto(`/students/${id}`);
  await page.getByRole('tab', { name: 'History' }).click();
  await page.getByText('Plan record updated').waitFor();
  await shootHere(page, 'history-plan-record');
});
