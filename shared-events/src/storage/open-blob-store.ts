import type { RuntimeConfig } from '../config/runtime-config.ts';
import type { DocumentBlobStore } from './document-blob-store.ts';
import { filesystemBlobStore } from './filesystem-blob-store.ts';

/** PostgreSQL with DATABASE_URL; GridFS beside the MongoDB read models when MONGODB_URL is set; files under DATA_DIR otherwise. */
export async function openDocumentBlobStore(config: Pick<RuntimeConfig, 'databaseUrl' | 'mongodbUrl' | 'dataDir'>): Promise<DocumentBlobStore> {
  if (config.databaseUrl) {
    const { openPostgresBlobStore } = await import('./postgres-blob-store.ts');
    return openPostgresBlobStore(config.databaseUrl);
  }
  if (!config.mongodbUrl) return filesystemBlobStore(config.dataDir);
  const { gridFsBlobStore } = await import('./gridfs-blob-store.ts');
  return gridFsBlobStore(config.mongodbUrl);
}
