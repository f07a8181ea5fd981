import { useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type PointerEvent, type RefObject } from 'react';
import { currentToast, dismissToast, subscribeToToasts, type ShownToast } from '../lib/toast.ts';
import { PausableTimer } from '../lib/pausable-timer.ts';
import './toast-viewport.css';

/** Spec sections 4 and 9: each toast closes after 5000 ms; a swipe of 50 px to the right dismisses it. */
const TOAST_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

/**
 * Where toasts appear. F8 moves the focus to the toast on screen, so that a keyboard or screen-reader user can read
 * it, and its close button, before it goes; Escape dismisses it from anywhere.
 */
export function ToastViewport() {
  const shown = useSyncExternalStore(subscribeToToasts, currentToast, () => null);
  const toastRef = useRef<HTMLDivElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'F8' && toastRef.current) {
        event.preventDefault();
        if (!toastRef.current.contains(document.activeElement) && document.activeElement instanceof HTMLElement) {
          returnFocus.current = document.activeElement;
        }
        toastRef.current.focus();
      } else if (event.key === 'Escape') {
        dismissToast();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  // A toast that closes while it holds the focus gives it back to where F8 took it from. Once the user has moved
  // the focus elsewhere, that place is forgotten.
  const restoreFocus = useCallback(() => {
    const target = returnFocus.current;
    returnFocus.current = null;
    if (target?.isConnected) target.focus();
  }, []);
  const forgetReturnFocus = useCallback(() => {
    returnFocus.current = null;
  }, []);

  return (
    <section className="toast-viewport" aria-label="Notifications (F8)">
      {shown && <ToastItem key={shown.id} ref={toastRef} toast={shown} onFocusLost={restoreFocus} onFocusLeft={forgetReturnFocus} />}
    </section>
  );
}

interface ToastItemProps {
  toast: ShownToast;
  ref: RefObject<HTMLDivElement | null>;
  onFocusLost: () => void;
  onFocusLeft: () => void;
}

function ToastItem({ toast, ref, onFocusLost, onFocusLeft }: ToastItemProps) {
  const timer = useRef<PausableTimer | null>(null);
  const swipeStart = useRef<{ pointerId: number; x: number } | null>(null);
  const [offset, setOffset] = useState(0);
  const destructive = toast.variant === 'destructive';
  // Screen readers announce a change inside a live region, and not always a region that arrives already filled:
  // the status is put in place empty, and its text a frame later.
  const [announced, setAnnounced] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setAnnounced(true));
    return () => cancelAnimationFrame(frame);
  }, []);

  useEffect(() => {
    timer.current = new PausableTimer(TOAST_DURATION_MS, () => dismissToast(toast.id));
    return () => timer.current?.cancel();
  }, [toast.id]);

  // A layout effect's clean-up runs while the item is still in the document, so it can tell whether it held the focus.
  useLayoutEffect(() => {
    const item = ref.current;
    return () => {
      if (item?.contains(document.activeElement)) onFocusLost();
    };
  }, [ref, onFocusLost]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || (event.target as Element).closest('button')) return;
    swipeStart.current = { pointerId: event.pointerId, x: event.clientX };
    event.currentTarget.setPointerCapture(event.pointerId);
    timer.current?.hold('swipe');
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = swipeStart.current;
    if (start?.pointerId === event.pointerId) setOffset(Math.max(0, event.clientX - start.x));
  };
  const endSwipe = (event: PointerEvent<HTMLDivElement>, completed: boolean) => {
    const start = swipeStart.current;
    if (start?.pointerId !== event.pointerId) return;
    swipeStart.current = null;
    timer.current?.release('swipe');
    if (completed && event.clientX - start.x >= SWIPE_THRESHOLD_PX) dismissToast(toast.id);
    else setOffset(0);
  };

  return (
    <div
      ref={ref}
      className={`toast${destructive ? ' toast--destructive' : ''}${offset > 0 ? ' toast--swiping' : ''}`}
      role={destructive ? 'alert' : 'status'}
      aria-atomic="true"
      tabIndex={0}
      style={offset > 0 ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.3, 1 - offset / 200) } : undefined}
      onPointerEnter={() => timer.current?.hold('hover')}
      onPointerLeave={() => timer.current?.release('hover')}
      onFocus={() => timer.current?.hold('focus')}
      onBlur={(event) => {
        if (event.currentTarget.contains(event.relatedTarget)) return;
        timer.current?.release('focus');
        onFocusLeft();
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={(event) => endSwipe(event, true)}
      onPointerCancel={(event) => endSwipe(event, false)}
    >
      <ToastIcon destructive={destructive} />
      <div className="toast__text">
        {announced && (
          <>
            <div className="toast__title">{toast.title}</div>
            {toast.description && <div className="toast__description">{toast.description}</div>}
          </>
        )}
      </div>
      <button type="button" className="toast__close" aria-label="Close" onClick={() => dismissToast(toast.id)}>
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
          <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}

function ToastIcon({ destructive }: { destructive: boolean }) {
  return (
    <svg className="toast__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="11" fill="currentColor" />
      <path
        d={destructive ? 'M8 8l8 8M16 8l-8 8' : 'M7 12.5l3.2 3.2L17 9'}
        fill="none"
        stroke="#fff"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
