import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IdFilter } from './id-filter.ts';

describe('IdFilter', () => {
  it('never says no to an id it was given, and rarely yes to one it was not, as it grows', () => {
    const filter = new IdFilter();
    const added = Array.from({ length: 100_000 }, () => randomUUID());
    for (const id of added) filter.add(id);

    expect(added.every((id) => filter.mightHave(id))).toBe(true);
    const strangers = Array.from({ length: 20_000 }, () => randomUUID());
    const wrong = strangers.filter((id) => filter.mightHave(id)).length;
    // A wrong "maybe" costs one store read; a wrong "no" would lose a document.
    expect(wrong / strangers.length).toBeLessThan(0.05);
  });
});
