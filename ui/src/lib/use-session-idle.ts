import { useCallback, useEffect, useRef, useState } from 'react';
import { onOwnRequest } from './own-requests.ts';
import { lastRequestInAnyTab } from './idle-sign-out.ts';
import { sessionIdleClock, type SessionIdleClock } from './session-idle-clock.ts';

/**
 * The signed-in shell's idle clock: `warning` two minutes before the server would end the session, and
 * `onEnd` once it has. Every own request of any tab starts it again; the limit is the server's (CurrentUser).
 */
export function useSessionIdle(idleMinutes: number | null, onEnd: () => void) {
  const [warning, setWarning] = useState(false);
  const clock = useRef<SessionIdleClock | null>(null);
  const ended = useRef(onEnd);
  useEffect(() => {
    ended.current = onEnd;
  }, [onEnd]);

  useEffect(() => {
    if (idleMinutes === null) return undefined;
    const running = sessionIdleClock({
      idleMs: idleMinutes * 60 * 1000,
      onWarn: () => setWarning(true),
      onKept: () => setWarning(false),
      onEnd: () => {
        setWarning(false);
        ended.current();
      },
      shared: lastRequestInAnyTab,
    });
    clock.current = running;
    const stopListening = onOwnRequest(() => running.requestSent());
    const otherTab = (event: StorageEvent) => {
      if (event.key === lastRequestInAnyTab.key) running.check();
    };
    window.addEventListener('storage', otherTab);
    return () => {
      running.stop();
      stopListening();
      window.removeEventListener('storage', otherTab);
      clock.current = null;
    };
  }, [idleMinutes]);

  const remainingMs = useCallback((): number => clock.current?.remainingMs() ?? 0, []);
  return { warning, remainingMs };
}
