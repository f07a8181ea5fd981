import { setTimeout as delay } from 'node:timers/promises';

/** Waits `ms`, or less once the signal aborts: it then resolves rather than throws, and the caller looks at the signal. */
export const sleep = (ms: number, signal: AbortSignal): Promise<void> => delay(ms, undefined, { signal }).then(
  () => undefined,
  () => undefined,
);
