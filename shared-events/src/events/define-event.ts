import type { z } from 'zod';

/**
 * An event definition: a name, the current schema version, its zod schema, and
 * upcasters that lift older stored versions one step at a time
 * (upcasters[1] turns v1 data into v2 data, and so on).
 */
export interface EventDefinition<N extends string = string, S extends z.ZodTypeAny = z.ZodTypeAny> {
  readonly name: N;
  readonly version: number;
  readonly schema: S;
  readonly upcasters: Readonly<Record<number, (older: unknown) => unknown>>;
}

export function defineEvent<N extends string, S extends z.ZodTypeAny>(
  name: N,
  version: number,
  schema: S,
  upcasters: Record<number, (older: unknown) => unknown> = {},
): EventDefinition<N, S> {
  for (let v = 1; v < version; v++) {
    if (!upcasters[v]) throw new Error(`Event ${name} v${version} lacks an upcaster from v${v}`);
  }
  return { name, version, schema, upcasters };
}

/** The domain event as code handles it: an unversioned type and current-version data. */
export type EventOf<D> = D extends EventDefinition<infer N, infer S> ? { type: N; data: z.infer<S> } : never;

/** The type name as stored, e.g. `StudentAdded.v1`. */
export const storedTypeName = (definition: EventDefinition): string =>
  `${definition.name}.v${definition.version}`;

export function parseStoredTypeName(stored: string): { name: string; version: number } {
  const match = /^(.+)\.v(\d+)$/.exec(stored);
  if (!match) return { name: stored, version: 1 };
  return { name: match[1]!, version: Number(match[2]) };
}
