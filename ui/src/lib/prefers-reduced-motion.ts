import { useMediaQuery } from './media-query.ts';

/** Whether the user asked the operating system for less motion; follows the setting while the page is open. */
export const usePrefersReducedMotion = (): boolean => useMediaQuery('(prefers-reduced-motion: reduce)');
