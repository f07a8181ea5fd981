import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { seriousViolations } from './axe-violations.ts';

/**
 * Screenshots of the page as it is, at a desktop's width and a phone's, into `dir` (to look at): no serious axe
 * violation (at 1280 px, and at 375 px too with `axeAtPhoneWidth`), and nothing scrolls sideways at 375 px. Leaves
 * the page at 1280 px.
 */
export async function checkedScreenshots(page: Page, dir: string, name: string, { axeAtPhoneWidth = false } = {}): Promise<void> {
  expect(await seriousViolations(page), `${name}: WCAG 2.1 AA`).toEqual([]);
  mkdirSync(dir, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${dir}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  // Polled: a chart sized by a ResizeObserver follows the new width a frame later.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${name} at 375 px` }).toBeLessThanOrEqual(375);
  if (axeAtPhoneWidth) expect(await seriousViolations(page), `${name} at 375 px: WCAG 2.1 AA`).toEqual([]);
  await page.screenshot({ path: `${dir}/${name}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}
