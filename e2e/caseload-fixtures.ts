import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';

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

/** antd Select renders its options in a popup outside the dialog; pick one by its exact text. */
export async function pickOption(page: Page, label: string): Promise<void> {
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
    .click();
}
