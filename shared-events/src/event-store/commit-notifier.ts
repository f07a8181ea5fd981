/** Why a wait ended: a commit was announced, the fallback poll's time ran out, or the subscriber stopped. */
export type WakeReason = 'commit' | 'timeout' | 'abort';

/**
 * Wakes live subscriptions when something new may be readable. A waiter is
 * registered BEFORE the subscriber reads, so a commit that lands between its
 * read and its wait still wakes it: nothing committed is ever missed.
 */
export class CommitNotifier {
  private waiters = new Set<(reason: WakeReason) => void>();

  /** Whether any subscriber is waiting, i.e. whether watching for commits is worth anything. */
  get waiting(): boolean {
    return this.waiters.size > 0;
  }

  /** Resolves on the next commit, on abort, on close, or after `timeoutMs` (a poll for writers in other processes). */
  nextCommit(signal: AbortSignal | undefined, timeoutMs: number): { wait: Promise<WakeReason>; cancel: () => void } {
    let wake!: (reason: WakeReason) => void;
    const wait = new Promise<WakeReason>((resolve) => {
      wake = resolve;
    });
    const timer = setTimeout(() => done('timeout'), timeoutMs);
    const onAbort = (): void => done('abort');
    const done = (reason: WakeReason): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      this.waiters.delete(done);
      wake(reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    this.waiters.add(done);
    return { wait, cancel: () => done('abort') };
  }

  notify(): void {
    const waiting = [...this.waiters];
    this.waiters.clear();
    for (const wake of waiting) wake('commit');
  }
}
