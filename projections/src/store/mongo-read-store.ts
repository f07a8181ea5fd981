import { MongoClient } from 'mongodb';
import type { Db, Document } from 'mongodb';
import type { BuildRef, Doc, ReadStore, StateCollection } from './read-store.ts';
import { stateTableName, toActiveBuild } from './build-records.ts';
import { openBuildCatalog, physicalIn } from './mongo/build-catalog.ts';
import { documentCollections } from './mongo/document-collections.ts';
import { buildLifecycle } from './mongo/build-lifecycle.ts';

/**
 * Read models in MongoDB. Each build's collections are physical collections whose
 * names include the build; `read_builds` maps logical names to the active build.
 * commit() runs the writes as unordered bulk writes plus the checkpoint update in
 * one transaction. The parts are in ./mongo/: the builds' catalog, the reads with
 * their lazily created indexes, and a build's life from creation to swap.
 */
export interface MongoReadStoreOptions {
  url: string;
  dbName?: string;
}

/** The database named in the URL's path, if any (a multi-host URL is not a WHATWG URL, hence the pattern). */
const databaseInUrl = (url: string): string | undefined => /^mongodb(?:\+srv)?:\/\/[^/]+\/([^?]+)/.exec(url)?.[1];

export async function openMongoReadStore(options: MongoReadStoreOptions): Promise<ReadStore> {
  const client = new MongoClient(options.url);
  await client.connect();
  const db: Db = client.db(options.dbName ?? databaseInUrl(options.url) ?? 'accommodate');
  const builds = await openBuildCatalog(db);
  const documents = documentCollections(db);
  const lifecycle = buildLifecycle(client, db, builds, documents);

  return {
    collection: <T extends Doc>(name: string) =>
      documents.collectionOver<T>(async () => physicalIn(await builds.findOne({ 'collections.collection': name, active: true }), name) ?? null),

    buildCollection: <T extends Doc>(build: BuildRef, name: string) => documents.collectionOver<T>(() => lifecycle.physicalOfBuild(build, name)),

    state<T extends Doc>(name: string): StateCollection<T> {
      const physical = stateTableName(name);
      const collection = db.collection<Document>(physical);
      const reads = documents.collectionOver<T>(async () => physical);
      return {
        ...reads,
        async put(doc) {
          await collection.replaceOne({ _id: doc.id as never }, { ...doc, _id: doc.id }, { upsert: true });
        },
        async delete(id) {
          await collection.deleteOne({ _id: id as never });
        },
        // Read, then delete: of two callers taking the same document at once, only the one whose delete removed it
        // gets it, so a single-use token is still used once.
        async take(id) {
          const doc = await reads.get(id);
          if (!doc) return null;
          const { deletedCount } = await collection.deleteOne({ _id: id as never });
          return deletedCount === 1 ? doc : null;
        },
      };
    },

    commit: (build, writes, checkpoint) => lifecycle.commit(build, writes, checkpoint),

    checkpoint: (build) => lifecycle.checkpoint(build),

    async activeBuild(projection) {
      const found = await builds.findOne({ projection, active: true });
      return found ? toActiveBuild(found) : null;
    },

    createBuild: (build, collections) => lifecycle.createBuild(build, collections),

    // Indexes are kept up as documents are written: nothing is deferred.
    async finishBuild() {},

    activate: (build) => lifecycle.activate(build),

    async ping() {
      await db.command({ ping: 1 });
    },

    async close() {
      await client.close();
    },
  };
}
