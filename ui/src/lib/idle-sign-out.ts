import type { SharedLastRequest } from './session-idle-clock.ts';

/** Outside the 'accommodate:' screen-state prefix, which signing out forgets: the sign-in page must still read it. */
const NOTE_KEY = 'accommodate-idle-sign-out';
const LAST_REQUEST_KEY = 'accommodate-last-own-request';

/**
 * Why the session ended, for the sign-in page to say: kept in the tab's session storage, never in the URL. It holds
 * the idle limit in minutes and nothing about the person.
 */
export function noteIdleSignOut(idleMinutes: number): void {
  try {
    window.sessionStorage.setItem(NOTE_KEY, String(idleMinutes));
  } catch {
    // storage blocked: the sign-in page shows no reason
  }
}

/** The idle limit of a sign-out in this tab just now, if that is why the session ended; forget it once shown. */
export function idleSignOutNote(): number | null {
  try {
    const minutes = Number(window.sessionStorage.getItem(NOTE_KEY));
    return Number.isInteger(minutes) && minutes > 0 ? minutes : null;
  } catch {
    return null;
  }
}

/** Said once: a later visit to the sign-in page says nothing. */
export function forgetIdleSignOutNote(): void {
  try {
    window.sessionStorage.removeItem(NOTE_KEY);
  } catch {
    // storage blocked: nothing was kept
  }
}

export const IDLE_SIGN_OUT_MESSAGE = (minutes: number): string =>
  `You were signed out after ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} without activity.`;

/** The last own request of any tab of this browser (a time, nothing personal): every tab shares the one session. */
export const lastRequestInAnyTab: SharedLastRequest & { key: string } = {
  key: LAST_REQUEST_KEY,
  read() {
    try {
      const at = Number(window.localStorage.getItem(LAST_REQUEST_KEY));
      return Number.isFinite(at) && at > 0 ? at : null;
    } catch {
      return null;
    }
  },
  write(at) {
    try {
      window.localStorage.setItem(LAST_REQUEST_KEY, String(at));
    } catch {
      // storage blocked: each tab keeps its own count
    }
  },
};
