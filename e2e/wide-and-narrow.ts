import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { seriousViolations } from './axe-violations.ts';

/** Screenshots into `dir` at a desktop's and a phone's width; at 375 px nothing may scroll sideways; no serious axe violation. */
export async function screenshotsAt(page: Page, dir: string, name: string) {
  expect(await seriousViolations(page), `${name}: WCAG 2.1 AA`).toEqual([]);
  mkdirSync(dir, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${dir}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at 375 px`).toBeLessThanOrEqual(375);
  await page.screenshot({ path: `${dir}/${name}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}
