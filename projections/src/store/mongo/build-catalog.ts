import type { Collection as MongoCollection, Db } from 'mongodb';
import type { BuildRef } from '../read-store.ts';

/** One build of one projection, as `read_builds` holds it: its collections inside, so that a swap is one document's change. */
export interface BuildDocument {
  _id: string;
  projection: string;
  build: string;
  version: number;
  /** encodeCheckpoint's text (build-records.ts). */
  checkpoint: string | null;
  /** The checkpoint of the last commit that wrote documents, as text; absent or null before any. */
  changed?: string | null;
  active: boolean;
  created: number;
  /** `changed`: as the build's, for the collection alone. */
  collections: { collection: string; physical: string; changed?: string | null }[];
}

const BUILDS = 'read_builds';
const COUNTERS = 'read_counters';

export const buildId = (build: BuildRef): string => `${build.projection}/${build.build}`;

/** The physical collection of `collection` in a build, if it has one. */
export const physicalIn = (found: BuildDocument | null | undefined, collection: string): string | undefined =>
  found?.collections.find((c) => c.collection === collection)?.physical;

/** The builds' catalog, with its indexes: one active build per projection; builds found by collection. */
export async function openBuildCatalog(db: Db): Promise<MongoCollection<BuildDocument>> {
  const builds = db.collection<BuildDocument>(BUILDS);
  await builds.createIndex({ projection: 1 }, { unique: true, partialFilterExpression: { active: true }, name: 'one_active' });
  await builds.createIndex({ 'collections.collection': 1, active: 1 }, { name: 'by_collection' });
  return builds;
}

/** The next build's `created` number, from a counter every node shares. */
export async function nextCreated(db: Db): Promise<number> {
  const counters = db.collection<{ _id: string; value: number }>(COUNTERS);
  const result = await counters.findOneAndUpdate({ _id: 'builds' }, { $inc: { value: 1 } }, { upsert: true, returnDocument: 'after' });
  return result?.value ?? 1;
}
