import { test, type Browser, type Page } from '@playwright/test';
import { newAccount, signUp } from './account-fixtures.ts';
import { addStudent, libraryIds } from './caseload-fixtures.ts';
import { outDir, widths } from './look-book.ts';

// A look-book of co-teaching, not a test: `SCREENSHOTS=1 npx playwright test co-teaching-screenshots`
// saves the share dialog, the merge dialog, the sub plan and a substitute's detail page at both widths.

async function teacher(browser: Browser, name: string): Promise<{ page: Page; email: string }> {
  const page = await (await browser.newContext()).newPage();
  const { email } = await signUp(page.request, newAccount(name, 'shots'));
  return { page, email };
}

async function shoot(page: Page, name: string, open?: () => Promise<void>, fullPage = true) {
  for (const size of widths) {
    await page.setViewportSize({ width: size.width, height: size.height });
    if (open) await open();
    // Lazy pages load their chunk first: wait for the page's own heading, not just the shell.
    await page.locator('.page-header__title').first().waitFor();
    await page.locator('.ant-skeleton, .ant-spin-spinning').first().waitFor({ state: 'detached', timeout: 5_000 }).catch(() => undefined);
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${outDir}/${name}-${size.name}.png`, fullPage });
  }
}

test('co-teaching screens', async ({ browser }) => {
  const owner = await teacher(browser, 'Alex Owner');
  const co = await teacher(browser, 'Blair Coteacher');
  const sub = await teacher(browser, 'Sam Substitute');
  const ids = await libraryIds(owner.page.request);
  const pick = (...names: string[]) => names.map((n) => ids.get(n) ?? '').filter(Boolean);
  const ava = await addStudent(owner.page.request, { firstName: 'Ava', lastInitial: 'S', grade: '3', accommodationIds: pick('Extended Time', 'Breaks', 'Preferential Seating') });
  const omar = await addStudent(owner.page.request, { firstName: 'Omar', lastInitial: 'T', grade: '5', accommodationIds: pick('Small Group', 'Visual Schedule') });
  const lia = await addStudent(owner.page.request, { firstName: 'Lia', lastInitial: 'M', grade: 'K', accommodationIds: pick('Quiet Space', 'Check-in/Check-out', 'Reading Aloud', 'Calculator Use') });
  const r = (await (await owner.page.request.get(`/api/students/${ava.id}`)).json()) as { revision: number };
  await owner.page.request.put(`/api/students/${ava.id}`, {
    headers: { 'If-Match': `"${r.revision}"` },
    data: { firstName: 'Ava', lastInitial: 'S', grade: '3', status: 'active', accommodationIds: pick('Extended Time', 'Breaks', 'Preferential Seating'), parentName: 'Pat Parent', parentEmail: 'pat@example.test', notes: '<p>Private</p>' },
  });
  const share = (studentId: string, email: string, role: string, expiresAt: string | null = null) =>
    owner.page.request.post(`/api/students/${studentId}/shares`, { data: { email, role, expiresAt } });
  await share(ava.id, co.email, 'co-teacher');
  await share(ava.id, 'new.colleague@example.test', 'auditor');
  const nextWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  for (const s of [ava, omar, lia]) await share(s.id, sub.email, 'substitute', nextWeek);

  await owner.page.goto(`/students/${ava.id}`);
  await shoot(owner.page, 'share-dialog', async () => {
    if (!(await owner.page.getByRole('dialog').isVisible())) await owner.page.getByRole('button', { name: 'Share' }).click();
  }, false);

  // Arrival toasts ("shared with you") would sit over the header buttons for 5 s; the look-book is about the page.
  await sub.page.goto(`/students/${ava.id}`);
  await sub.page.addStyleTag({ content: '.toast-viewport { display: none !important; }' });
  await shoot(sub.page, 'substitute-detail');
  await sub.page.goto('/sub-plan');
  await sub.page.addStyleTag({ content: '.toast-viewport { display: none !important; }' });
  await shoot(sub.page, 'sub-plan');
  await sub.page.emulateMedia({ media: 'print' });
  await sub.page.setViewportSize({ width: 794, height: 1123 });
  await sub.page.screenshot({ path: `${outDir}/sub-plan-print.png`, fullPage: true });
  await sub.page.pdf?.({ path: `${outDir}/sub-plan-print.pdf`, format: 'A4' }).catch(() => undefined);

  // The owner's list with two students picked for "Share selected", and the co-teacher's list with its badge.
  await owner.page.goto('/students');
  await shoot(owner.page, 'students-selection', async () => {
    for (const name of ['Select Ava S.', 'Select Omar T.']) {
      const box = owner.page.getByRole('checkbox', { name });
      if (!(await box.isChecked())) await box.check();
    }
  });
  await co.page.goto('/students');
  await shoot(co.page, 'students-shared-badge');

  // Presence in words: the co-teacher is on Ava's page while the owner looks at it.
  await co.page.goto(`/students/${ava.id}`);
  await owner.page.goto(`/students/${ava.id}`);
  await owner.page.getByText('Blair Coteacher is viewing').waitFor();
  await owner.page.addStyleTag({ content: '.toast-viewport { display: none !important; }' });
  await shoot(owner.page, 'presence-words', undefined, false);

  // The merge dialog: both edit the first name, the owner saves first.
  await owner.page.goto(`/students/edit/${ava.id}`);
  await co.page.goto(`/students/edit/${ava.id}`);
  await co.page.getByLabel('First Name').fill('Ava-Marie');
  await owner.page.getByLabel('First Name').fill('Avery');
  await owner.page.getByRole('button', { name: 'Update Student' }).click();
  await owner.page.waitForURL(/\/students$/);
  await co.page.getByRole('button', { name: 'Update Student' }).click();
  await co.page.getByRole('dialog').waitFor();
  await shoot(co.page, 'merge-dialog', undefined, false);
});
