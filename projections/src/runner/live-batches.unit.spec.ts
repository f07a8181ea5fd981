import { describe, expect, it } from 'vitest';
import { liveBatches } from './live-batches.ts';

/** A source that yields `ready` at once, then waits for `later` to be released. */
function source(ready: number[], later: number[], release: Promise<void>): AsyncIterable<number> {
  return (async function* () {
    yield* ready;
    await release;
    yield* later;
  })();
}

describe('liveBatches', () => {
  it('commits what has arrived without waiting for a full batch, and never exceeds the maximum', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const batches: number[][] = [];
    const consumed = (async () => {
      for await (const batch of liveBatches(source([1, 2, 3, 4, 5], [6, 7], gate), 2)) {
        batches.push(batch);
        if (batches.length === 3) setTimeout(release, 20);
      }
    })();
    await consumed;
    expect(batches).toEqual([[1, 2], [3, 4], [5], [6, 7]]);
  });
});
