import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filterKey, filterKeys, matchesFilter } from './filter-match.ts';

const scalar = fc.oneof(fc.string({ maxLength: 3 }), fc.integer({ min: -2, max: 2 }), fc.boolean(), fc.constant(null), fc.constant(Number.NaN));
const fieldValue = fc.oneof(scalar, fc.constant(undefined), fc.array(fc.oneof(scalar, fc.constant({ nested: 1 })), { maxLength: 4 }), fc.constant({ nested: 1 }));

describe('matching a filter against a document a batch holds', () => {
  it('agrees with the stores’ keys for every value, array, null, missing field and number JSON writes as null', () => {
    fc.assert(
      fc.property(fieldValue, fc.oneof(scalar, fc.constant(undefined)), (value, wanted) => {
        const doc = { id: 'd', ...(value === undefined ? {} : { field: value }) };
        const byKeys = filterKeys(doc, 'field').includes(filterKey(wanted));
        expect(matchesFilter(doc, { field: wanted as never })).toBe(byKeys);
      }),
      { numRuns: 2_000 },
    );
  });

  it('finds a class by one of its students, and not by another’s', () => {
    const algebra = { id: 'c-1', studentIds: ['s-1', 's-2'] };
    expect(matchesFilter(algebra, { studentIds: 's-2' })).toBe(true);
    expect(matchesFilter(algebra, { studentIds: 's-3' })).toBe(false);
  });
});
