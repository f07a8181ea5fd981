const NOTHING_YET = Symbol('nothing yet');

/**
 * Groups a live stream into batches: up to `max` events, or whatever had arrived
 * when the stream paused (nothing more before the next turn of the event loop).
 * It pulls one event at a time, so the source keeps its backpressure.
 */
export async function* liveBatches<T>(source: AsyncIterable<T>, max: number): AsyncGenerator<T[]> {
  const iterator = source[Symbol.asyncIterator]();
  let pending: Promise<IteratorResult<T>> | null = null;
  try {
    while (true) {
      const first = await (pending ?? iterator.next());
      pending = null;
      if (first.done) return;
      const batch = [first.value];
      let ended = false;
      while (batch.length < max) {
        const next = iterator.next();
        const settled = await Promise.race([next, new Promise<typeof NOTHING_YET>((resolve) => setImmediate(resolve, NOTHING_YET))]);
        if (settled === NOTHING_YET) {
          pending = next;
          break;
        }
        if (settled.done) {
          ended = true;
          break;
        }
        batch.push(settled.value);
      }
      yield batch;
      if (ended) return;
    }
  } finally {
    // A pull left waiting settles when the source ends; its outcome no longer matters.
    pending?.catch(() => undefined);
    if (!pending) await iterator.return?.();
  }
}
