/**
 * A countdown that stops while anything holds it (a pointer over the toast, focus inside it, a swipe under way) and
 * goes on with the time it had left once nothing does.
 */
export class PausableTimer {
  private remaining: number;
  private startedAt = 0;
  private handle: ReturnType<typeof setTimeout> | undefined;
  private readonly holds = new Set<string>();
  private finished = false;

  constructor(
    durationMs: number,
    private readonly onExpire: () => void,
  ) {
    this.remaining = durationMs;
    this.run();
  }

  hold(reason: string): void {
    if (this.finished || this.holds.has(reason)) return;
    this.holds.add(reason);
    if (this.holds.size > 1 || this.handle === undefined) return;
    clearTimeout(this.handle);
    this.handle = undefined;
    this.remaining = Math.max(0, this.remaining - (Date.now() - this.startedAt));
  }

  release(reason: string): void {
    if (!this.holds.delete(reason) || this.holds.size > 0 || this.finished) return;
    this.run();
  }

  cancel(): void {
    this.finished = true;
    clearTimeout(this.handle);
    this.handle = undefined;
  }

  private run(): void {
    this.startedAt = Date.now();
    this.handle = setTimeout(() => {
      this.finished = true;
      this.handle = undefined;
      this.onExpire();
    }, this.remaining);
  }
}
