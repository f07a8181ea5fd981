import { describe, expect, it } from 'vitest';
import { keptUnderStamp } from './kept-under-stamp.ts';

describe('keptUnderStamp', () => {
  it('keeps values until the stamp moves', () => {
    let stamp = 1;
    const kept = keptUnderStamp<string, number>(() => String(stamp));
    kept.keep('a', 10, kept.stamp());
    expect(kept.get('a')).toBe(10);
    stamp = 2;
    kept.stamp();
    expect(kept.has('a')).toBe(false);
  });

  it('does not keep a value read under a stamp that has moved since', () => {
    let stamp = 1;
    const kept = keptUnderStamp<string, number>(() => String(stamp));
    const readUnder = kept.stamp();
    stamp = 2;
    kept.stamp(); // another read began after a write
    kept.keep('a', 10, readUnder);
    expect(kept.has('a')).toBe(false);
  });

  it('starts again empty past its bound', () => {
    const kept = keptUnderStamp<string, number>(() => 'same', 2);
    const stamp = kept.stamp();
    kept.keep('a', 1, stamp);
    kept.keep('b', 2, stamp);
    kept.keep('c', 3, stamp);
    expect([kept.has('a'), kept.has('b'), kept.get('c')]).toEqual([false, false, 3]);
  });

  it('reads under a stamp the caller read itself, without asking for it again', () => {
    let asked = 0;
    const kept = keptUnderStamp<string, number>(() => String((asked += 1)));
    kept.keep('a', 10, kept.stamp('request-1'));
    expect(kept.stamp('request-1')).toBe('request-1');
    expect(kept.get('a')).toBe(10);
    kept.stamp('request-2');
    expect(kept.has('a')).toBe(false);
    expect(asked).toBe(0);
  });

  it('keeps under the stamps it is given when it has none of its own to ask for', () => {
    const kept = keptUnderStamp<string, number>(null);
    kept.keep('a', 1, kept.stamp('v1'));
    expect(kept.get('a')).toBe(1);
    kept.stamp('v2');
    expect(kept.has('a')).toBe(false);
    expect(() => kept.stamp()).toThrow('No stamp was given');
  });
});
