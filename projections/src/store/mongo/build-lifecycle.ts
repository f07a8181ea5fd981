import type { AnyBulkWriteOperation, ClientSession, Collection as MongoCollection, Db, Document, MongoClient } from 'mongodb';
import type { Position } from '@accommodate/shared-events/events/envelope';
import { BuildNotFoundError } from '../build-not-found-error.ts';
import {
  buildCollectionKey,
  buildExistsError,
  buildMissingError,
  buildTableName,
  checkpointBackwardsError,
  collectionNotInBuildError,
  collectionOwnedError,
  decodeCheckpoint,
  encodeCheckpoint,
} from '../build-records.ts';
import type { BuildRef, Write } from '../read-store.ts';
import { buildId, nextCreated, physicalIn, type BuildDocument } from './build-catalog.ts';
import type { DocumentCollections } from './document-collections.ts';

/** Unordered bulk writes do not keep order, so only the last write per document goes in; grouped by collection. */
function bulkOperations(writes: readonly Write[]): Map<string, AnyBulkWriteOperation<Document>[]> {
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
  return byCollection;
}

/**
 * A build's life in MongoDB: created with its (empty) collections, which inherit the indexes of the build they will
 * replace; written in transactions that move the checkpoint with the documents (MongoDB runs as a replica set, even
 * a single node, for that); activated in one transaction, after which the replaced builds' collections are dropped.
 */
export function buildLifecycle(client: MongoClient, db: Db, builds: MongoCollection<BuildDocument>, documents: DocumentCollections) {
  const buildPhysicals = new Map<string, string>();
  async function physicalOfBuild(build: BuildRef, collection: string): Promise<string> {
    const key = buildCollectionKey(build, collection);
    const cached = buildPhysicals.get(key);
    if (cached) return cached;
    const found = await builds.findOne({ _id: buildId(build) });
    if (!found) throw new BuildNotFoundError(build.projection);
    const physical = physicalIn(found, collection);
    if (!physical) throw collectionNotInBuildError(build, collection);
    buildPhysicals.set(key, physical);
    return physical;
  }

  async function dropBuild(found: BuildDocument): Promise<void> {
    for (const { physical } of found.collections) {
      await db.collection(physical).drop().catch(() => undefined);
      documents.forgetIndexes(physical);
    }
    for (const key of buildPhysicals.keys()) {
      if (key.startsWith(JSON.stringify([found.projection, found.build]).slice(0, -1))) buildPhysicals.delete(key);
    }
    await builds.deleteOne({ _id: found._id });
  }

  /** `work` in one transaction, its session ended whatever happens. */
  async function inTransaction(work: (session: ClientSession) => Promise<void>): Promise<void> {
    const session = client.startSession();
    try {
      await session.withTransaction(() => work(session));
    } finally {
      await session.endSession();
    }
  }

  return {
    physicalOfBuild,

    async commit(build: BuildRef, writes: readonly Write[], checkpoint: Position): Promise<void> {
      const byCollection = bulkOperations(writes);
      const physicals = new Map<string, string>();
      for (const collection of byCollection.keys()) physicals.set(collection, await physicalOfBuild(build, collection));
      const next = encodeCheckpoint(checkpoint);
      await inTransaction(async (session) => {
        const found = await builds.findOne({ _id: buildId(build) }, { session });
        if (!found) throw new BuildNotFoundError(build.projection);
        if (found.checkpoint !== null && next < found.checkpoint) throw checkpointBackwardsError(build);
        for (const [collection, operations] of byCollection) {
          await db.collection(physicals.get(collection)!).bulkWrite(operations, { session, ordered: false });
        }
        // Only a commit that wrote documents moves `changed`, the version of what the build's reads answer.
        if (writes.length === 0) await builds.updateOne({ _id: found._id }, { $set: { checkpoint: next } }, { session });
        else {
          await builds.updateOne(
            { _id: found._id },
            { $set: { checkpoint: next, changed: next, 'collections.$[written].changed': next } },
            { session, arrayFilters: [{ 'written.collection': { $in: [...byCollection.keys()] } }] },
          );
        }
      });
    },

    async checkpoint(build: BuildRef): Promise<Position | null> {
      const found = await builds.findOne({ _id: buildId(build) });
      return found ? decodeCheckpoint(found.checkpoint) : null;
    },

    async createBuild(build: BuildRef, collections: readonly string[]): Promise<void> {
      if (await builds.findOne({ _id: buildId(build) })) throw buildExistsError(build);
      for (const collection of collections) {
        const owner = await builds.findOne({ 'collections.collection': collection, projection: { $ne: build.projection } });
        if (owner) throw collectionOwnedError(collection, owner.projection);
      }
      const created = await nextCreated(db);
      const active = await builds.findOne({ projection: build.projection, active: true });
      const mapped = collections.map((collection) => ({ collection, physical: buildTableName(build.projection, collection, created) }));
      for (const { collection, physical } of mapped) {
        // Collections exist before any transaction writes to them.
        await db.createCollection(physical).catch((error: unknown) => {
          if ((error as { codeName?: string }).codeName !== 'NamespaceExists') throw error;
        });
        const previous = physicalIn(active, collection);
        if (!previous) continue;
        // Inherit the filter indexes the serving build has grown, so reads after the swap stay fast.
        // indexes() is listIndexes with the driver's types for what it answers.
        const indexes = await db.collection(previous).indexes();
        for (const index of indexes) {
          if (index.name === '_id_') continue;
          await db.collection(physical).createIndex(index.key);
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

    async activate(build: BuildRef): Promise<void> {
      let replaced: BuildDocument[] = [];
      await inTransaction(async (session) => {
        const found = await builds.findOne({ _id: buildId(build) }, { session });
        if (!found) throw buildMissingError(build);
        if (found.active) return;
        const previous = await builds.findOne({ projection: build.projection, active: true }, { session });
        await builds.updateMany({ projection: build.projection, active: true }, { $set: { active: false } }, { session });
        await builds.updateOne({ _id: found._id }, { $set: { active: true } }, { session });
        // The replaced build goes, and so do builds abandoned before this one; a later one may still be catching up.
        replaced = await builds
          .find({ projection: build.projection, _id: { $ne: found._id }, $or: [{ _id: previous?._id ?? '' }, { active: false, created: { $lt: found.created } }] }, { session })
          .toArray();
      });
      // Drops cannot run inside a transaction; the swap has committed, so nothing reads these any more.
      for (const old of replaced) await dropBuild(old);
    },
  };
}
