/**
 * Wakes live subscriptions when something new may be readable. A waiter is
 * registered BEFORE the subscriber reads, so a commit that lands between its
 * read and its wait still wakes it: nothing committed is ever missed.
 */
export class CommitNotifier {
  private waiters = new Set<() => void>();

  /** Whether any subscriber is waiting, i.e. whether watching for commits is worth anything. */
  get waiting(): boolean {
    return this.waiters.size > 0;
  }

  /** Resolves on the next commit, on abort, on close, or after `timeoutMs` (a poll for writers in other processes). */
  nextCommit(signal: AbortSignal | undefined, timeoutMs: number): { wait: Promise<void>; cancel: () => void } {
    let wake!: () => void;
    const wait = new Promise<void>((resolve) => {
      wake = resolve;
    });
    const timer = setTimeout(() => done(), timeoutMs);
    const onAbort = (): void => done();
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      this.waiters.delete(done);
      wake();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    this.waiters.add(done);
    return { wait, cancel: done };
  }

  notify(): void {
    const waiting = [...this.waiters];
    this.waiters.clear();
    for (const wake of waiting) wake();
  }
}
