/**
 * What a screen keeps for the rest of the visit in this tab (the students list's search and filters), in session
 * storage: never in the URL, since what a person types there (a student's name) is personal data. Keys carry the
 * account's id, so another account signing in on the tab never sees it, and signing out forgets all of it.
 */
const PREFIX = 'accommodate:';

export const screenStateKey = (screen: string, userId: string): string => `${PREFIX}${screen}:${userId}`;

export function forgetScreenState(): void {
  try {
    for (const key of Object.keys(window.sessionStorage)) if (key.startsWith(PREFIX)) window.sessionStorage.removeItem(key);
  } catch {
    // storage blocked: nothing was kept
  }
}
