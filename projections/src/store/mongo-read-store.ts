import { MongoClient } from 'mongodb';
import type { AnyBulkWriteOperation, Db, Document, Filter as MongoFilter, Sort } from 'mongodb';
import type { Position } from '@accommodate/shared-events/events/envelope';
import { BuildNotFoundError } from './build-not-found-error.ts';
import type { ActiveBuild, BuildRef, Collection, Doc, Filter, FindOptions, ReadStore, StateCollection, Write } from './read-store.ts';

/**
 * Read models in MongoDB. Each build's collections are physical collections whose
 * names include the build; `read_builds` maps logical names to the active build.
 * commit() runs the writes as unordered bulk writes plus the checkpoint update in
 * one transaction (MongoDB runs as a replica set, even a single node, for that).
 *
 * Filters pass straight through: top-level equality, where MongoDB's own semantics
 * already make an array field match when it contains the value. A field is indexed
 * the first time something filters by it (multikey when it holds arrays), and a new
 * build inherits the indexes of the build it will replace.
 */
export interface MongoReadStoreOptions {
  url: string;
  dbName?: string;
}

interface BuildDocument {
  _id: string;
  projection: string;
  build: string;
  version: number;
  /** Zero-padded decimal, so that text order is numeric order (positions reach 2^64). */
  checkpoint: string | null;
  active: boolean;
  created: number;
  collections: { collection: string; physical: string }[];
}

const BUILDS = 'read_builds';
const COUNTERS = 'read_counters';
const encodeCheckpoint = (position: Position): string => position.toString().padStart(20, '0');
const decodeCheckpoint = (text: string | null): Position | null => (text === null ? null : BigInt(text));
const slug = (name: string): string => name.replace(/[^A-Za-z0-9]/g, '_').slice(0, 40);
/** The database named in the URL's path, if any (a multi-host URL is not a WHATWG URL, hence the pattern). */
const databaseInUrl = (url: string): string | undefined => /^mongodb(?:\+srv)?:\/\/[^/]+\/([^?]+)/.exec(url)?.[1];
const buildId = (build: BuildRef): string => `${build.projection}/${build.build}`;

export async function openMongoReadStore(options: MongoReadStoreOptions): Promise<ReadStore> {
  const client = new MongoClient(options.url);
  await client.connect();
  const db: Db = client.db(options.dbName ?? databaseInUrl(options.url) ?? 'accommodate');
  const builds = db.collection<BuildDocument>(BUILDS);
  await builds.createIndex({ projection: 1 }, { unique: true, partialFilterExpression: { active: true }, name: 'one_active' });
  await builds.createIndex({ 'collections.collection': 1, active: 1 }, { name: 'by_collection' });

  const indexed = new Set<string>();
  async function ensureIndexes(physical: string, filter: Filter | undefined): Promise<void> {
    for (const field of Object.keys(filter ?? {})) {
      const key = `${physical}\u0000${field}`;
      if (indexed.has(key)) continue;
      await db.collection(physical).createIndex({ [field]: 1 });
      indexed.add(key);
    }
  }

  function collectionOver<T extends Doc>(resolve: () => Promise<string | null>): Collection<T> {
    return {
      async get(id) {
        const physical = await resolve();
        if (physical === null) return null;
        return (await db.collection(physical).findOne({ _id: id as never }, { projection: { _id: 0 } })) as T | null;
      },
      async find(filter?: Filter, findOptions?: FindOptions) {
        const physical = await resolve();
        if (physical === null) return [];
        await ensureIndexes(physical, filter);
        let cursor = db.collection(physical).find((filter ?? {}) as MongoFilter<Document>, { projection: { _id: 0 } });
        if (findOptions?.sort) {
          const direction = findOptions.sort.direction === 'desc' ? -1 : 1;
          cursor = cursor.sort({ [findOptions.sort.field]: direction, _id: direction } as Sort);
        }
        if (findOptions?.skip) cursor = cursor.skip(findOptions.skip);
        if (findOptions?.limit !== undefined) cursor = cursor.limit(findOptions.limit);
        return (await cursor.toArray()) as unknown as T[];
      },
      async count(filter?: Filter) {
        const physical = await resolve();
        if (physical === null) return 0;
        await ensureIndexes(physical, filter);
        return db.collection(physical).countDocuments((filter ?? {}) as MongoFilter<Document>);
      },
    };
  }

  async function physicalOfBuild(build: BuildRef, collection: string): Promise<string> {
    const found = await builds.findOne({ _id: buildId(build) });
    if (!found) throw new BuildNotFoundError(build.projection);
    const physical = found.collections.find((c) => c.collection === collection)?.physical;
    if (!physical) throw new Error(`Collection ${collection} is not part of build ${build.build} of projection ${build.projection}`);
    return physical;
  }

  const buildPhysicals = new Map<string, string>();
  async function cachedPhysicalOfBuild(build: BuildRef, collection: string): Promise<string> {
    const key = JSON.stringify([build.projection, build.build, collection]);
    const cached = buildPhysicals.get(key);
    if (cached) return cached;
    const physical = await physicalOfBuild(build, collection);
    buildPhysicals.set(key, physical);
    return physical;
  }

  async function nextCreated(): Promise<number> {
    const counters = db.collection<{ _id: string; value: number }>(COUNTERS);
    const result = await counters.findOneAndUpdate(
      { _id: 'builds' },
      { $inc: { value: 1 } },
      { upsert: true, returnDocument: 'after' },
    );
    return result?.value ?? 1;
  }

  async function dropBuild(found: BuildDocument): Promise<void> {
    for (const { physical } of found.collections) {
      await db.collection(physical).drop().catch(() => undefined);
      for (const key of indexed) if (key.startsWith(`${physical}\u0000`)) indexed.delete(key);
    }
    for (const key of buildPhysicals.keys()) {
      if (key.startsWith(JSON.stringify([found.projection, found.build]).slice(0, -1))) buildPhysicals.delete(key);
    }
    await builds.deleteOne({ _id: found._id });
  }

  const toActiveBuild = (found: BuildDocument): ActiveBuild => ({
    projection: found.projection,
    version: found.version,
    build: found.build,
    checkpoint: decodeCheckpoint(found.checkpoint),
  });

  return {
    collection: <T extends Doc>(name: string) =>
      collectionOver<T>(async () => {
        const found = await builds.findOne({ 'collections.collection': name, active: true });
        return found?.collections.find((c) => c.collection === name)?.physical ?? null;
      }),

    buildCollection: <T extends Doc>(build: BuildRef, name: string) =>
      collectionOver<T>(() => cachedPhysicalOfBuild(build, name)),

    state<T extends Doc>(name: string): StateCollection<T> {
      const physical = `state_${slug(name)}`;
      const reads = collectionOver<T>(async () => physical);
      const collection = db.collection<Document>(physical);
      return {
        ...reads,
        async put(doc) {
          await collection.replaceOne({ _id: doc.id as never }, { ...doc, _id: doc.id }, { upsert: true });
        },
        async delete(id) {
          await collection.deleteOne({ _id: id as never });
        },
      };
    },

    async commit(build: BuildRef, writes: readonly Write[], checkpoint: Position) {
      // Unordered bulk writes do not keep order, so only the last write per document goes in.
      const last = new Map<string, Write>();
      for (const write of writes) {
        const id = write.kind === 'put' ? write.doc.id : write.id;
        const key = JSON.stringify([write.collection, id]);
        last.delete(key);
        last.set(key, write);
      }
      const byCollection = new Map<string, AnyBulkWriteOperation<Document>[]>();
      for (const write of last.values()) {
        let operations = byCollection.get(write.collection);
        if (!operations) byCollection.set(write.collection, (operations = []));
        operations.push(
          write.kind === 'put'
            ? { replaceOne: { filter: { _id: write.doc.id as never }, replacement: { ...write.doc, _id: write.doc.id }, upsert: true } }
            : { deleteOne: { filter: { _id: write.id as never } } },
        );
      }
      const physicals = new Map<string, string>();
      for (const collection of byCollection.keys()) physicals.set(collection, await cachedPhysicalOfBuild(build, collection));
      const next = encodeCheckpoint(checkpoint);
      const session = client.startSession();
      try {
        await session.withTransaction(async () => {
          const found = await builds.findOne({ _id: buildId(build) }, { session });
          if (!found) throw new BuildNotFoundError(build.projection);
          if (found.checkpoint !== null && next < found.checkpoint) {
            throw new Error(`Checkpoint of projection ${build.projection} would move backwards`);
          }
          for (const [collection, operations] of byCollection) {
            await db.collection(physicals.get(collection)!).bulkWrite(operations, { session, ordered: false });
          }
          await builds.updateOne({ _id: found._id }, { $set: { checkpoint: next } }, { session });
        });
      } finally {
        await session.endSession();
      }
    },

    async checkpoint(build) {
      const found = await builds.findOne({ _id: buildId(build) });
      return found ? decodeCheckpoint(found.checkpoint) : null;
    },

    async activeBuild(projection) {
      const found = await builds.findOne({ projection, active: true });
      return found ? toActiveBuild(found) : null;
    },

    async createBuild(build, collections) {
      if (await builds.findOne({ _id: buildId(build) })) {
        throw new Error(`Build ${build.build} of projection ${build.projection} already exists`);
      }
      for (const collection of collections) {
        const owner = await builds.findOne({ 'collections.collection': collection, projection: { $ne: build.projection } });
        if (owner) throw new Error(`Collection ${collection} already belongs to projection ${owner.projection}`);
      }
      const created = await nextCreated();
      const active = await builds.findOne({ projection: build.projection, active: true });
      const mapped = collections.map((collection) => ({
        collection,
        physical: `rm_${slug(build.projection)}_${slug(collection)}_${created}`,
      }));
      for (const { collection, physical } of mapped) {
        // Collections exist before any transaction writes to them.
        await db.createCollection(physical).catch((error: unknown) => {
          if ((error as { codeName?: string }).codeName !== 'NamespaceExists') throw error;
        });
        const previous = active?.collections.find((c) => c.collection === collection)?.physical;
        if (!previous) continue;
        // Inherit the filter indexes the serving build has grown, so reads after the swap stay fast.
        const indexes = await db.collection(previous).listIndexes().toArray();
        for (const index of indexes) {
          if (index.name === '_id_') continue;
          await db.collection(physical).createIndex(index.key as Record<string, 1 | -1>);
        }
      }
      await builds.insertOne({
        _id: buildId(build),
        projection: build.projection,
        build: build.build,
        version: build.version,
        checkpoint: null,
        active: false,
        created,
        collections: mapped,
      });
    },

    // Indexes are kept up as documents are written: nothing is deferred.
    async finishBuild() {},

    async activate(build) {
      let replaced: BuildDocument[] = [];
      const session = client.startSession();
      try {
        await session.withTransaction(async () => {
          const found = await builds.findOne({ _id: buildId(build) }, { session });
          if (!found) throw new Error(`Build ${build.build} of projection ${build.projection} does not exist`);
          if (found.active) return;
          const previous = await builds.findOne({ projection: build.projection, active: true }, { session });
          await builds.updateMany({ projection: build.projection, active: true }, { $set: { active: false } }, { session });
          await builds.updateOne({ _id: found._id }, { $set: { active: true } }, { session });
          // The replaced build goes, and so do builds abandoned before this one; a later one may still be catching up.
          replaced = await builds
            .find(
              {
                projection: build.projection,
                _id: { $ne: found._id },
                $or: [{ _id: previous?._id ?? '' }, { active: false, created: { $lt: found.created } }],
              },
              { session },
            )
            .toArray();
        });
      } finally {
        await session.endSession();
      }
      // Drops cannot run inside a transaction; the swap has committed, so nothing reads these any more.
      for (const old of replaced) await dropBuild(old);
    },

    async ping() {
      await db.command({ ping: 1 });
    },

    async close() {
      await client.close();
    },
  };
}
