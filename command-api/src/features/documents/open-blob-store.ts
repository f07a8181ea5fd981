import type { RuntimeConfig } from '@accommodate/shared-events/config/runtime-config';
import type { DocumentBlobStore } from './document-blob-store.ts';
import { filesystemBlobStore } from './filesystem-blob-store.ts';
import { gridFsBlobStore } from './gridfs-blob-store.ts';

/** GridFS beside the MongoDB read models when MONGODB_URL is set; files under DATA_DIR otherwise. */
export function openDocumentBlobStore(config: Pick<RuntimeConfig, 'mongodbUrl' | 'dataDir'>): DocumentBlobStore {
  return config.mongodbUrl ? gridFsBlobStore(config.mongodbUrl) : filesystemBlobStore(config.dataDir);
}
