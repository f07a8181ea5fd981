/** The dialog 'Stay signed in' opens this long before the server would end the session for idleness. */
export const WARN_BEFORE_END_MS = 2 * 60 * 1000;
/**
 * The server writes a session's activity down at most once a minute (command-api/src/auth/sessions.ts), so its idle
 * clock may have started up to a minute before our last request: we count from a minute earlier, and never sign
 * someone out later than the server would.
 */
export const SERVER_ACTIVITY_GRANULARITY_MS = 60 * 1000;

/** The last own request of any of this browser's tabs: each tab's requests keep the one session going. */
export interface SharedLastRequest {
  read(): number | null;
  write(at: number): void;
}

export interface SessionIdleClockOptions {
  idleMs: number;
  /** Open the dialog: the session ends in `remainingMs()` unless the person makes a request. */
  onWarn(): void;
  /** A request (here or in another tab) kept the session going while the dialog was open: close it. */
  onKept(): void;
  /** The idle limit has passed: sign out and say why. Called once; the clock stops. */
  onEnd(): void;
  shared?: SharedLastRequest;
  now?: () => number;
}

/**
 * When the session will end for idleness, as far as this browser knows: from the person's own last request (sent
 * without the background header, api-client.ts), in this tab or another. Framework-free; the React adapter is
 * session-idle-dialog.tsx.
 */
export function sessionIdleClock(options: SessionIdleClockOptions) {
  const now = options.now ?? Date.now;
  const margin = Math.min(SERVER_ACTIVITY_GRANULARITY_MS, options.idleMs / 2);
  let lastRequest = now();
  let warned = false;
  let ended = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const endsAt = () => lastRequest + options.idleMs - margin;

  const check = () => {
    if (ended) return;
    clearTimeout(timer);
    lastRequest = Math.max(lastRequest, options.shared?.read() ?? 0);
    const end = endsAt();
    const warnAt = end - Math.min(WARN_BEFORE_END_MS, (end - lastRequest) / 2);
    const at = now();
    if (at >= end) {
      ended = true;
      options.onEnd();
      return;
    }
    if (at >= warnAt) {
      if (!warned) {
        warned = true;
        options.onWarn();
      }
      timer = setTimeout(check, end - at);
      return;
    }
    if (warned) {
      warned = false;
      options.onKept();
    }
    timer = setTimeout(check, warnAt - at);
  };

  check();
  return {
    /** The person's own request went out just now. */
    requestSent() {
      if (ended) return;
      lastRequest = now();
      options.shared?.write(lastRequest);
      check();
    },
    /** Another tab may have made a request (its storage event): look again. */
    check,
    remainingMs: (): number => Math.max(0, endsAt() - now()),
    stop() {
      ended = true;
      clearTimeout(timer);
    },
  };
}

export type SessionIdleClock = ReturnType<typeof sessionIdleClock>;

/** '1:45', for the dialog's 'Time left'. */
export function formatTimeLeft(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
