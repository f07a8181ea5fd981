import type { Database as SqliteDatabase } from 'better-sqlite3';
import type { Position } from '@accommodate/shared-events/events/envelope';
import { BuildNotFoundError } from '../build-not-found-error.ts';
import {
  buildExistsError,
  buildMissingError,
  buildTableName,
  checkpointBackwardsError,
  collectionOwnedError,
  decodeCheckpoint,
  encodeCheckpoint,
} from '../build-records.ts';
import type { BuildRef, Write } from '../read-store.ts';
import type { Catalog } from './catalog.ts';
import type { ChangeTracking } from './change-stamp.ts';
import type { DocumentReads } from './document-reads.ts';
import { deleteDoc, putDoc, type DocumentTables, type TableHandle } from './document-tables.ts';
import type { TableResolution } from './table-resolution.ts';
import { quote } from './sql-text.ts';

interface BuildParts {
  catalog: Catalog;
  tables: DocumentTables;
  reads: DocumentReads;
  resolution: TableResolution;
  changes: Pick<ChangeTracking, 'writeTransaction'>;
}

/**
 * A build's life, blue-green: created beside the serving one (bulk-loaded by a replay, or not), written in
 * commits that move its checkpoint in the same transaction, finished, then activated, which drops the build it
 * replaced. A new build inherits the filter indexes of the build it will replace, so the swap does not pay for a backfill.
 */
export function buildLifecycle(db: SqliteDatabase, { catalog, tables, reads, resolution, changes: { writeTransaction } }: BuildParts) {
  const commit = writeTransaction((build: BuildRef, writes: readonly Write[], checkpoint: Position) => {
    const row = catalog.build.get(build.projection, build.build);
    if (!row) throw new BuildNotFoundError(build.projection);
    const next = encodeCheckpoint(checkpoint);
    if (row.checkpoint !== null && next < row.checkpoint) throw checkpointBackwardsError(build);
    // A batch of events the projection does not handle only moves its checkpoint: `changed` stays, and with it the
    // version of what its reads answer (read-model-cache.ts). Every event moves every projection's checkpoint.
    if (writes.length > 0) catalog.setChanged.run(next, next, build.projection, build.build);
    else catalog.setCheckpoint.run(next, build.projection, build.build);
    // Resolved and refreshed once per collection and commit, not per write (a replay commits 100,000 writes at once).
    const byCollection = new Map<string, TableHandle>();
    for (const write of writes) {
      let handle = byCollection.get(write.collection);
      if (!handle) {
        handle = tables.writable(resolution.physicalOfBuild(build, write.collection));
        byCollection.set(write.collection, handle);
      }
      if (write.kind === 'put') putDoc(handle, write.doc);
      else deleteDoc(handle, write.id);
    }
    for (const collection of byCollection.keys()) catalog.setCollectionChanged.run(next, build.projection, build.build, collection);
  });

  const createBuild = writeTransaction((build: BuildRef, collections: readonly string[], bulkLoad: boolean) => {
    if (catalog.build.get(build.projection, build.build)) throw buildExistsError(build);
    for (const collection of collections) {
      const owner = catalog.otherOwner.get(collection, build.projection);
      if (owner) throw collectionOwnedError(collection, owner.projection);
    }
    const created = catalog.nextCreated.get()!.next;
    catalog.insertBuild.run(build.projection, build.build, build.version, created);
    const active = catalog.activeBuild.get(build.projection);
    for (const collection of collections) {
      const physical = buildTableName(build.projection, collection, created);
      catalog.insertBuildCollection.run(build.projection, build.build, collection, physical);
      if (bulkLoad) tables.createBulkTable(physical);
      else tables.createTable(physical);
      // Inherit the filter indexes the serving build has grown, so reads after the swap stay fast.
      const previous = active ? catalog.buildPhysical.get(build.projection, active.build, collection) : undefined;
      const fields = previous ? catalog.indexedFields.all(previous.physical) : [];
      if (fields.length > 0) tables.createKeysTable(physical);
      for (const { field } of fields) catalog.insertIndexedField.run(physical, field);
    }
  });

  function dropBuild(projection: string, build: string): void {
    for (const { collection, physical } of catalog.physicalsOfBuild.all(projection, build)) {
      db.exec(`DROP TABLE IF EXISTS ${quote(physical)}; DROP TABLE IF EXISTS ${quote(`${physical}__keys`)};`);
      catalog.deleteIndexedFields.run(physical);
      tables.forget(physical, true);
      resolution.forgetBuildPhysical({ projection, build }, collection);
    }
    reads.forgetQueries();
    resolution.forgetActivePhysicals();
    catalog.deleteBuildCollections.run(projection, build);
    catalog.deleteBuild.run(projection, build);
  }

  const finishBuild = writeTransaction((build: BuildRef) => {
    for (const { physical } of catalog.physicalsOfBuild.all(build.projection, build.build)) {
      if (tables.isBulkLoading(physical)) tables.finishBulkTable(physical);
    }
  });

  const activate = writeTransaction((build: BuildRef) => {
    // A bulk load nobody finished gets its index here: a serving table always has one.
    finishBuild(build);
    const row = catalog.build.get(build.projection, build.build);
    if (!row) throw buildMissingError(build);
    const previous = catalog.activeBuild.get(build.projection);
    if (previous?.build === build.build) return;
    catalog.deactivate.run(build.projection);
    catalog.activate.run(build.projection, build.build);
    resolution.forgetActivePhysicals();
    // The replaced build goes, and so do builds abandoned before this one (a crashed rebuild);
    // a build started after this one may still be catching up elsewhere, so it stays.
    for (const { build: old } of catalog.replaced.all(build.projection, build.build, previous?.build ?? '', row.created)) {
      dropBuild(build.projection, old);
    }
  });

  return {
    commit,
    createBuild,
    finishBuild,
    activate,
    checkpoint(build: BuildRef): Position | null {
      const row = catalog.build.get(build.projection, build.build);
      return row ? decodeCheckpoint(row.checkpoint) : null;
    },
  };
}
