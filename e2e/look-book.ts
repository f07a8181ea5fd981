import { mkdirSync } from 'node:fs';

/** Where the screenshot tours (screenshots.ts, co-teaching-screenshots.ts) save their PNGs, for a human to review. */
export const outDir = '.tmp/screens';
mkdirSync(outDir, { recursive: true });

/** Every screen is shot at desktop and phone widths. */
export const widths = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 375, height: 812 },
] as const;
