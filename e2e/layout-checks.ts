import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { seriousViolations } from './axe-violations.ts';

/**
 * Screenshots of the page as it is, at a desktop's width and a phone's, into `dir` (to look at): no serious axe
 * violation at either, and nothing scrolls sideways at 375 px. Leaves the page at 1280 px.
 */
export async function checkedScreenshots(page: Page, dir: string, name: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await seriousViolations(page), `${name} at ${width} px: WCAG 2.1 AA`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width} px`).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
