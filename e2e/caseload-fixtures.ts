import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/**
 * Each test signs up its own teacher through the API, so tests share nothing.
 * page.request shares the browser context's cookies: the page is signed in too.
 */
export async function signUpTeacher(page: Page): Promise<{ email: string }> {
  const email = `caseload-${randomUUID()}@example.com`;
  const response = await page.request.post('/api/auth/register', {
    data: { name: 'Casey Teacher', email, password: 'correct horse battery' },
  });
  if (!response.ok()) throw new Error(`register failed with ${response.status()}`);
  return { email };
}

export interface NewStudent {
  firstName: string;
  lastInitial: string;
  grade: string;
  status?: string;
  accommodationIds?: string[];
  notes?: string;
}

export async function addStudent(request: APIRequestContext, student: NewStudent): Promise<{ id: string; revision: number }> {
  const response = await request.post('/api/students', {
    data: { status: 'active', accommodationIds: [], ...student },
  });
  if (response.status() !== 201) throw new Error(`create student failed with ${response.status()}`);
  return (await response.json()) as { id: string; revision: number };
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
 * Opens an antd Select and picks an option by its exact text, the way a user does: click the field, wait for
 * its own popup (rendered outside any dialog; another Select's popup may still be animating out), click the
 * option, then wait until the Select marks it selected, so the next step never races the selection.
 */
export async function pickOption(combobox: Locator, label: string): Promise<void> {
  const page = combobox.page();
  await combobox.click();
  await expect(combobox).toHaveAttribute('aria-expanded', 'true');
  const listId = await combobox.getAttribute('aria-controls');
  if (!listId) throw new Error('the Select opened without naming its listbox (aria-controls)');
  const popup = page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${listId}"]`) });
  const option = popup
    .locator('.ant-select-item-option')
    .filter({ hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });
  await option.click();
  await expect(option).toHaveClass(/\bant-select-item-option-selected\b/);
}
