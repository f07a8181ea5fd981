/**
 * Sliding-window limiter for sign-in attempts, per key (client address, e-mail hash).
 * In-process: with several API nodes each enforces its own window, which still
 * caps guessing at a small multiple of the limit.
 */
export class AttemptLimiter {
  private readonly attempts = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records an attempt; false when the key is over its limit. */
  tryAttempt(key: string): boolean {
    const now = this.now();
    const recent = (this.attempts.get(key) ?? []).filter((at) => now - at < this.windowMs);
    if (recent.length >= this.limit) {
      this.attempts.set(key, recent);
      return false;
    }
    recent.push(now);
    this.attempts.set(key, recent);
    if (this.attempts.size > 50_000) this.prune(now);
    return true;
  }

  /** Takes one recorded attempt back: one that turned out to be no guess (a correct password). */
  refund(key: string): void {
    const recent = this.attempts.get(key);
    recent?.pop();
    if (recent?.length === 0) this.attempts.delete(key);
  }

  reset(key: string): void {
    this.attempts.delete(key);
  }

  private prune(now: number): void {
    for (const [key, times] of this.attempts) {
      if (times.every((at) => now - at >= this.windowMs)) this.attempts.delete(key);
    }
  }
}
