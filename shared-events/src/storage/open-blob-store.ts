import type { RuntimeConfig } from '../config/runtime-config.ts';
import type { DocumentBlobStore } from './document-blob-store.ts';
import { filesystemBlobStore } from './filesystem-blob-store.ts';

/** GridFS beside the MongoDB read models when MONGODB_URL is set; files under DATA_DIR otherwise. */
export async function openDocumentBlobStore(config: Pick<RuntimeConfig, 'mongodbUrl' | 'dataDir'>): Promise<DocumentBlobStore> {
  if (!config.mongodbUrl) return filesystemBlobStore(config.dataDir);
  const { gridFsBlobStore } = await import('./gridfs-blob-store.ts');
  return gridFsBlobStore(config.mongodbUrl);
}
