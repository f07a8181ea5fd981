/** After this long without a key, click, touch or scroll, what the app fetches is its own doing, not the person's. */
export const PERSON_IDLE_AFTER_MS = 60 * 1000;

const INPUT_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * When the person last used the page (opening it counts). Requests made while they are away are marked as background
 * (api-client.ts), so the server's idle timeout ends a forgotten session on a shared computer even while colleagues'
 * edits keep refreshing the screen.
 */
export function personActivity(target: Pick<Window, 'addEventListener'>, now: () => number = Date.now) {
  let lastInput = now();
  const seen = () => void (lastInput = now());
  for (const type of INPUT_EVENTS) target.addEventListener(type, seen, { capture: true, passive: true });
  return { isAway: (): boolean => now() - lastInput >= PERSON_IDLE_AFTER_MS };
}

/** The page's own tracker; none outside a browser (tests of other modules, server rendering). */
export const pageActivity = typeof window === 'undefined' ? null : personActivity(window);
