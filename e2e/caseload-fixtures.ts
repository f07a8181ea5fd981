import { expect, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { newAccount, signUp } from './account-fixtures.ts';

/**
 * Clicks an item of an antd popup (a popconfirm, a Select's list). antd renders a popup off-screen (at -1000vh) and
 * aligns it a frame or more later. A click in between scrolled the page towards the unaligned popup, then landed where
 * the item no longer was, and nothing happened (seen in CI on a slow machine). Once in the viewport, it is aligned.
 */
export async function clickInPopup(item: Locator): Promise<void> {
  await expect(item).toBeInViewport();
  await item.click();
}

/**
 * Each test signs up its own teacher through the API, so tests share nothing.
 * page.request shares the browser context's cookies: the page is signed in too.
 */
export async function signUpTeacher(page: Page): Promise<{ email: string }> {
  const { email } = await signUp(page.request, newAccount('Casey Teacher', 'caseload'));
  return { email };
}

export interface NewStudent {
  firstName: string;
  lastInitial: string;
  grade: string;
  status?: string;
  accommodationIds?: string[];
  notes?: string;
  /** Written into a school the account has a role in. */
  schoolId?: string;
}

export async function addStudent(request: APIRequestContext, student: NewStudent): Promise<{ id: string; revision: number }> {
  const response = await request.post('/api/students', {
    data: { status: 'active', accommodationIds: [], ...student },
  });
  if (response.status() !== 201) throw new Error(`create student failed with ${response.status()}`);
  return (await response.json()) as { id: string; revision: number };
}

export interface NewPlan {
  startDate?: string;
  reviewDate?: string;
  status?: 'draft' | 'active' | 'under-review' | 'closed';
}

/** A plan for the student (by default active, from Sep 1, 2026, review due Jun 1, 2027). */
export async function addPlan(request: APIRequestContext, studentId: string, plan: NewPlan = {}): Promise<{ id: string }> {
  const response = await request.post(`/api/students/${studentId}/plans`, {
    data: { startDate: '2026-09-01', reviewDate: '2027-06-01', status: 'active', ...plan },
  });
  if (response.status() !== 201) throw new Error(`create plan failed with ${response.status()}`);
  return (await response.json()) as { id: string };
}

/** The least a plan records before it can be finalised: the impairment, a life activity it limits, who took part. */
export async function recordMinimum(request: APIRequestContext, planId: string): Promise<void> {
  const record = { impairment: 'Dyslexia', lifeActivities: ['Reading'], participants: [{ name: 'Pat Parent', role: 'Parent' }] };
  const response = await request.put(`/api/plans/${planId}/record`, { data: record });
  if (response.status() !== 200) throw new Error(`record plan failed with ${response.status()}`);
}

/** Template ids by name, from the shared library. */
export async function libraryIds(request: APIRequestContext): Promise<Map<string, string>> {
  const response = await request.get('/api/accommodations/defaults');
  const library = (await response.json()) as { id: string; name: string }[];
  return new Map(library.map((a) => [a.name, a.id]));
}

/** A minimal valid one-page PDF, recognisable by content as application/pdf. */
export function tinyPdf(text: string): Buffer {
  const body = `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * Picks an antd Select option by its exact text. Opened by a click, chosen with the arrow keys and Enter
 * (the keyboard path every Select supports): a mouse click on the option made Playwright scroll the
 * document behind the open dialog first, antd re-aligned its popup on that scroll between the press and
 * the release, and the click landed nowhere (1 run in about 15). Checks the option ends up selected in
 * that Select's own popup, so the next step never races the choice.
 */
export async function pickOption(combobox: Locator, label: string): Promise<void> {
  const page = combobox.page();
  await combobox.click();
  await expect(combobox).toHaveAttribute('aria-expanded', 'true');
  const listId = await combobox.getAttribute('aria-controls');
  if (!listId) throw new Error('the Select opened without naming its listbox (aria-controls)');
  // The popup is rendered outside any dialog, and another Select's popup may still be animating out.
  const options = page
    .locator('.ant-select-dropdown')
    .filter({ has: page.locator(`[id="${listId}"]`) })
    .locator('.ant-select-item-option');
  await expect(options.first()).toBeVisible();
  const labels = await options.allTextContents();
  const target = labels.indexOf(label);
  if (target < 0) throw new Error(`no option "${label}" among ${labels.join(', ')}`);
  const active = await options.evaluateAll((nodes) => nodes.findIndex((n) => n.classList.contains('ant-select-item-option-active')));
  const key = target > active ? 'ArrowDown' : 'ArrowUp';
  for (let step = 0; step < Math.abs(target - Math.max(active, 0)); step += 1) await combobox.press(key);
  await expect(options.nth(target)).toHaveClass(/\bant-select-item-option-active\b/);
  await combobox.press('Enter');
  await expect(options.nth(target)).toHaveClass(/\bant-select-item-option-selected\b/);
}

/** A calendar day this many days from today (UTC, as the reminders count). */
export const dayFromToday = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * A caseload that shows every state a teacher meets (the contrast failures slipped past a run whose pages had
 * no plan due soon): each status badge (Active, Inactive, Attention Required), each review urgency (overdue, within a
 * week, within a month, later), a student shared by a colleague, notes, a plan with two versions, and notifications.
 */
export async function everyStateCaseload(browser: Browser, page: Page) {
  await signUpTeacher(page);
  // Four students of one's own: past the free plan's three.
  expect((await page.request.post('/api/upgrade-to-premium', { data: {} })).status()).toBe(200);
  const ids = await libraryIds(page.request);
  const pick = (...names: string[]) => names.map((name) => ids.get(name) ?? '').filter(Boolean);
  const students = [
    { firstName: 'Ava', lastInitial: 'M', grade: '3', status: 'active', due: -3, accommodationIds: pick('Extended Time', 'Breaks', 'Small Group', 'Visual Schedule') },
    { firstName: 'Ben', lastInitial: 'K', grade: '5', status: 'issue', due: 3, accommodationIds: pick('Preferential Seating') },
    { firstName: 'Cal', lastInitial: 'R', grade: 'K', status: 'inactive', due: 20, accommodationIds: pick('Quiet Space', 'Check-in/Check-out') },
    { firstName: 'Dee', lastInitial: 'S', grade: '5', status: 'active', due: 200, accommodationIds: [] },
  ];
  const created: { id: string; planId: string }[] = [];
  for (const { due, ...student } of students) {
    const { id } = await addStudent(page.request, { ...student, notes: '<p>Sits near the door.</p>' });
    const plan = await addPlan(page.request, id, { startDate: dayFromToday(-200), reviewDate: dayFromToday(due) });
    created.push({ id, planId: plan.id });
  }
  const [first] = created;
  const changed = await page.request.patch(`/api/plans/${first!.planId}`, { data: { status: 'under-review' }, headers: { 'If-Match': '"0"' } });
  expect(changed.status()).toBe(200);

  // A colleague shares a student with this teacher as auditor: the 'Shared by' badge, and a notification.
  const colleague = await (await browser.newContext()).newPage();
  await signUp(colleague.request, newAccount('Alex Colleague', 'a11y'));
  const shared = await addStudent(colleague.request, { firstName: 'Eli', lastInitial: 'T', grade: '4' });
  const me = (await (await page.request.get('/api/auth/user')).json()) as { email: string };
  expect((await colleague.request.post(`/api/students/${shared.id}/shares`, { data: { email: me.email, role: 'auditor' } })).status()).toBe(201);
  await colleague.context().close();
  return { student: first!, sharedId: shared.id };
}
