import { join } from 'node:path';
import type { ReadStore } from './read-store.ts';
import { openEmbeddedReadStore } from './embedded-read-store.ts';

/** The embedded read models' file in a data folder. */
export const readModelsFileIn = (dataDir: string): string => join(dataDir, 'read-models.sqlite');

export interface OpenReadStoreOptions {
  /** When set, read models live in PostgreSQL. */
  databaseUrl?: string | undefined;
  /** When set, read models live in MongoDB; otherwise in `${dataDir}/read-models.sqlite`. */
  mongodbUrl?: string | undefined;
  dataDir: string;
}

export async function openReadStore(options: OpenReadStoreOptions): Promise<ReadStore> {
  if (options.databaseUrl) {
    const { openPostgresReadStore } = await import('./postgres-read-store.ts');
    return openPostgresReadStore({ url: options.databaseUrl });
  }
  if (options.mongodbUrl) {
    // The driver loads only when MongoDB is chosen, which keeps the one-process mode lean.
    const { openMongoReadStore } = await import('./mongo-read-store.ts');
    return openMongoReadStore({ url: options.mongodbUrl });
  }
  return openEmbeddedReadStore({ file: readModelsFileIn(options.dataDir) });
}
