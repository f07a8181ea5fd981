import type { Position } from '@accommodate/shared-events/events/envelope';
import type { ActiveBuild, BuildRef } from './read-store.ts';

/**
 * How both read stores (embedded and MongoDB) write down builds: the names of their physical tables or
 * collections, checkpoints as text, and the refusals a build's life can meet.
 */

const CHECKPOINT_DIGITS = 20;
/** Zero-padded, so that text order is numeric order (positions reach 2^64). */
export const encodeCheckpoint = (position: Position): string => position.toString().padStart(CHECKPOINT_DIGITS, '0');
export const decodeCheckpoint = (text: string | null): Position | null => (text === null ? null : BigInt(text));

const slug = (name: string): string => name.replace(/[^A-Za-z0-9]/g, '_').slice(0, 40);
/** `created` (a counter of builds) keeps the tables of two builds of one collection apart. */
export const buildTableName = (projection: string, collection: string, created: number): string => `rm_${slug(projection)}_${slug(collection)}_${created}`;
export const stateTableName = (name: string): string => `state_${slug(name)}`;

/** Where a store remembers the physical name of one collection of one build. */
export const buildCollectionKey = (build: Pick<BuildRef, 'projection' | 'build'>, collection: string): string =>
  JSON.stringify([build.projection, build.build, collection]);

/** A build as the catalog records it (a row or a document), as the ReadStore answers it. */
export const toActiveBuild = (record: {
  projection: string;
  version: number;
  build: string;
  checkpoint: string | null;
  changed?: string | null;
  collections: readonly { collection: string; changed?: string | null }[];
}): ActiveBuild => ({
  projection: record.projection,
  version: record.version,
  build: record.build,
  checkpoint: decodeCheckpoint(record.checkpoint),
  changedAt: decodeCheckpoint(record.changed ?? null),
  collectionsChangedAt: Object.fromEntries(record.collections.map(({ collection, changed }) => [collection, decodeCheckpoint(changed ?? null)])),
});

export const buildExistsError = (build: BuildRef): Error => new Error(`Build ${build.build} of projection ${build.projection} already exists`);
export const buildMissingError = (build: BuildRef): Error => new Error(`Build ${build.build} of projection ${build.projection} does not exist`);
export const collectionOwnedError = (collection: string, owner: string): Error => new Error(`Collection ${collection} already belongs to projection ${owner}`);
export const collectionNotInBuildError = (build: BuildRef, collection: string): Error =>
  new Error(`Collection ${collection} is not part of build ${build.build} of projection ${build.projection}`);
/** Two runners on one build would apply events twice; a checkpoint never moves backwards. */
export const checkpointBackwardsError = (build: BuildRef): Error => new Error(`Checkpoint of projection ${build.projection} would move backwards`);
