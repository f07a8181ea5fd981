import type { Doc, Filter, FindOptions } from './read-store.ts';

type Scalar = Filter[string];

/** A document's field by name: undefined where it has none. */
const fieldOf = (doc: Readonly<Record<string, unknown>>, field: string): unknown => doc[field];

/**
 * The keys under which a document is found by `field`, as in MongoDB: a scalar
 * value is its own key, an array is found by each of its scalar elements, and
 * a missing field is found by null. Keys are JSON texts so that 1, '1' and true differ.
 */
export function filterKeys(doc: Doc, field: string): string[] {
  return keysOfValue(fieldOf(doc, field));
}

/** The keys of a field's value (as `filterKeys`), for a caller that has the value without its document. */
export function keysOfValue(value: unknown): string[] {
  if (value === undefined || value === null) return ['null'];
  if (Array.isArray(value)) {
    const keys = new Set<string>();
    for (const element of value) {
      if (element === null) keys.add('null');
      else if (isScalar(element)) keys.add(JSON.stringify(element));
    }
    return [...keys];
  }
  return isScalar(value) ? [JSON.stringify(value)] : [];
}

export const filterKey = (value: Scalar | undefined): string => JSON.stringify(value ?? null);

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/**
 * Whether `filterKeys(doc, field)` holds `filterKey(wanted)`, without making the keys: a batch's `find` asks this of
 * every document it holds (an import's batch: hundreds of classes of 60 students, for each student refreshed). Strict
 * equality keeps the keys' rule (1, '1' and true differ); a number JSON writes as null (NaN, Infinity) takes the keys.
 */
function fieldMatches(doc: Doc, field: string, wanted: Scalar | undefined): boolean {
  const value = fieldOf(doc, field);
  const target = wanted ?? null;
  if (typeof target === 'number' && !Number.isFinite(target)) return filterKeys(doc, field).includes(filterKey(target));
  if (value === undefined || value === null) return target === null;
  if (Array.isArray(value)) return value.some((element) => element === target || (target === null && typeof element === 'number' && !Number.isFinite(element)));
  if (typeof value === 'number' && !Number.isFinite(value)) return target === null;
  return isScalar(value) && value === target;
}

/** The same semantics as the stores, for documents a batch has not yet committed. */
export function matchesFilter(doc: Doc, filter: Filter | undefined): boolean {
  if (!filter) return true;
  for (const [field, value] of Object.entries(filter)) {
    if (!fieldMatches(doc, field, value)) return false;
  }
  return true;
}

/** Orders like the embedded store: null and missing first, then numbers, then strings; ties by id. */
export function compareForSort(a: Doc, b: Doc, field: string): number {
  const rank = (v: unknown): number => (v === undefined || v === null ? 0 : typeof v === 'number' || typeof v === 'boolean' ? 1 : 2);
  const va = fieldOf(a, field);
  const vb = fieldOf(b, field);
  const byRank = rank(va) - rank(vb);
  if (byRank !== 0) return byRank;
  if (rank(va) === 1) return Number(va) - Number(vb);
  if (rank(va) === 2) {
    const sa = String(va);
    const sb = String(vb);
    if (sa !== sb) return sa < sb ? -1 : 1;
  }
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Sort, skip and limit over documents already in memory. */
export function applyFindOptions<T extends Doc>(docs: T[], options: FindOptions | undefined): T[] {
  let result = docs;
  if (options?.sort) {
    const { field, direction } = options.sort;
    const sign = direction === 'desc' ? -1 : 1;
    result = [...result].sort((a, b) => sign * compareForSort(a, b, field));
  }
  const skip = options?.skip ?? 0;
  const end = options?.limit === undefined ? undefined : skip + options.limit;
  return skip > 0 || end !== undefined ? result.slice(skip, end) : result;
}
