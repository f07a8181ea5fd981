/**
 * Group commit for a store whose commits run on the writer thread: items added while a commit is under
 * way, or in the same tick, go together into the next one, so one fsync serves them all. `commit`
 * settles each item of its batch itself, and does not reject.
 */
export function groupCommit<Item>(commit: (batch: Item[]) => Promise<void>) {
  let pending: Item[] = [];
  let scheduled = false;
  let inFlight: Promise<void> | null = null;
  const flush = (): void => {
    scheduled = false;
    if (inFlight || pending.length === 0) return;
    const batch = pending;
    pending = [];
    inFlight = commit(batch).finally(() => {
      inFlight = null;
      flush();
    });
  };
  return {
    add(item: Item): void {
      pending.push(item);
      if (!scheduled && !inFlight) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    /** Whether anything added has not settled yet (waiting for, or in, a commit). */
    get busy(): boolean {
      return inFlight !== null || pending.length > 0;
    },
    /** Commits what was added so far and resolves once nothing is in flight. */
    async drain(): Promise<void> {
      flush();
      while (inFlight) await inFlight;
    },
  };
}
