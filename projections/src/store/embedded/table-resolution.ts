import { BuildNotFoundError } from '../build-not-found-error.ts';
import { buildCollectionKey, collectionNotInBuildError, toActiveBuild } from '../build-records.ts';
import { keptUnderStamp } from '../kept-under-stamp.ts';
import type { ActiveBuild, BuildRef } from '../read-store.ts';
import type { Catalog } from './catalog.ts';
import type { ChangeTracking } from './change-stamp.ts';
import type { DocumentReads } from './document-reads.ts';
import type { DocumentTables } from './document-tables.ts';

/** Which build serves a projection and which table holds a collection, remembered where asking costs a request's time. */
export function tableResolution(catalog: Catalog, tables: DocumentTables, reads: DocumentReads, { changeStamp }: Pick<ChangeTracking, 'changeStamp'>) {
  /**
   * Each projection's active build and checkpoint, asked for at every cached list read (read-model-cache.ts):
   * kept while the change stamp stays, which costs a third of the query.
   */
  const activeBuilds = keptUnderStamp<string, ActiveBuild | null>(changeStamp);

  /**
   * The table serving each collection, remembered: asking SQLite took ≈ 6 µs, three or four times per request.
   * A swap drops the replaced build's tables in the transaction that activates the new build, so a remembered
   * table that no longer serves no longer exists either (whichever process swapped), and the read that finds
   * it missing resolves again. Swaps in this process forget at once.
   */
  const activePhysicals = new Map<string, string>();

  /** A build's tables never move: remembered until the build is dropped. */
  const buildPhysicals = new Map<string, string>();

  return {
    activeBuild(projection: string): ActiveBuild | null {
      const stamp = activeBuilds.stamp();
      if (activeBuilds.has(projection)) return activeBuilds.get(projection)!;
      const row = catalog.activeBuild.get(projection);
      const active = row ? toActiveBuild({ ...row, collections: catalog.collectionsChanged.all(row.projection, row.build) }) : null;
      activeBuilds.keep(projection, active, stamp);
      return active;
    },

    activePhysicalOf(collection: string): string | null {
      const known = activePhysicals.get(collection);
      if (known !== undefined) return known;
      const physical = catalog.activePhysical.get(collection)?.physical ?? null;
      if (physical !== null) activePhysicals.set(collection, physical);
      return physical;
    },

    /** A read found `physical` gone: another process swapped. */
    forgetActivePhysical(collection: string, physical: string): void {
      if (activePhysicals.get(collection) === physical) activePhysicals.delete(collection);
      tables.forget(physical);
      reads.forgetQueries();
    },

    /** This process swapped or dropped a build. */
    forgetActivePhysicals: (): void => activePhysicals.clear(),

    physicalOfBuild(build: BuildRef, collection: string): string {
      const cacheKey = buildCollectionKey(build, collection);
      const cached = buildPhysicals.get(cacheKey);
      if (cached) return cached;
      const row = catalog.buildPhysical.get(build.projection, build.build, collection);
      if (!row && !catalog.build.get(build.projection, build.build)) throw new BuildNotFoundError(build.projection);
      if (!row) throw collectionNotInBuildError(build, collection);
      buildPhysicals.set(cacheKey, row.physical);
      return row.physical;
    },

    forgetBuildPhysical: (build: Pick<BuildRef, 'projection' | 'build'>, collection: string): void =>
      void buildPhysicals.delete(buildCollectionKey(build, collection)),
  };
}

export type TableResolution = ReturnType<typeof tableResolution>;
