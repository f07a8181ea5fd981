import type { PersonalFields } from '../events/personal-fields.ts';

export type Json = Record<string, unknown>;

/** Paths split once per event type, not once per event. */
const splitPaths = new Map<PersonalFields, readonly (readonly string[])[]>();
const pathsOf = (spec: PersonalFields) => {
  let paths = splitPaths.get(spec);
  if (!paths) splitPaths.set(spec, (paths = spec.fields.map((path) => path.split('.'))));
  return paths;
};

function holderOf(data: Json, parts: readonly string[]): Json | undefined {
  let holder: Json | undefined = data;
  for (let i = 0; i < parts.length - 1; i++) {
    const next: unknown = holder[parts[i]!];
    if (typeof next !== 'object' || next === null) return undefined;
    holder = next as Json;
  }
  return holder;
}

/** The string values at the declared paths, by index of the path; undefined where there is none. */
export function readFields(data: Json, spec: PersonalFields): (string | undefined)[] {
  return pathsOf(spec).map((parts) => {
    const value = holderOf(data, parts)?.[parts[parts.length - 1]!];
    return typeof value === 'string' ? value : undefined;
  });
}

/**
 * A copy of `data` with the given values at the declared paths (index → value). Only the objects on
 * the way to a changed field are copied (shallowly): the rest is shared, which is safe because
 * envelopes are never mutated in place. A structuredClone per event was a large part of a replay.
 */
export function withFields(data: Json, spec: PersonalFields, values: readonly (string | undefined)[]): Json {
  const copy: Json = { ...data };
  const copies = new Map<Json, Json>();
  pathsOf(spec).forEach((parts, index) => {
    const value = values[index];
    if (value === undefined) return;
    let holder = copy;
    for (let i = 0; i < parts.length - 1; i++) {
      const next: unknown = holder[parts[i]!];
      if (typeof next !== 'object' || next === null) return;
      let nested = copies.get(next as Json);
      if (!nested) {
        nested = { ...(next as Json) };
        copies.set(next as Json, nested);
        copies.set(nested, nested);
      }
      holder[parts[i]!] = nested;
      holder = nested;
    }
    holder[parts[parts.length - 1]!] = value;
  });
  return copy;
}
