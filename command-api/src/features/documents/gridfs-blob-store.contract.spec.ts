import { mongoUrlOrSkip, throwawayDatabase } from '@accommodate/projections/testing/mongo-test-database';
import { describeBlobStoreContract } from './blob-store.contract.ts';
import { gridFsBlobStore } from '@accommodate/shared-events/storage/gridfs-blob-store';

const url = mongoUrlOrSkip('DocumentBlobStore contract: GridFS');

if (url) {
  describeBlobStoreContract('GridFS', async () => {
    const database = throwawayDatabase(url, 'blob_store_test');
    const store = gridFsBlobStore(url, { dbName: database.dbName });
    return {
      store,
      dispose: async () => {
        await store.close();
        await database.drop();
      },
    };
  });
}
