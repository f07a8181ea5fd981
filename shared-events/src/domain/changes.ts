/**
 * The fields with a partial change applied: the events that carry "only what changed" (a student's details, a
 * plan's fields) name each changed field; an absent or undefined one keeps its value.
 */
export function withChanges<F extends object>(fields: F, changes: Partial<F>): F {
  const next = { ...fields };
  for (const field of Object.keys(changes) as (keyof F)[]) {
    const value = changes[field];
    if (value !== undefined) next[field] = value;
  }
  return next;
}

/** The change a decider records: of the named fields, those `wanted` gives (not undefined) with another value. */
export function changesFrom<F extends object>(fields: F, wanted: Partial<F>, names: readonly (keyof F)[]): Partial<F> {
  const changes: Partial<F> = {};
  for (const field of names) {
    const value = wanted[field];
    if (value !== undefined && value !== fields[field]) changes[field] = value;
  }
  return changes;
}
