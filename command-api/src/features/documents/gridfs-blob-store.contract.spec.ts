import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { describe } from 'vitest';
import { describeBlobStoreContract } from './blob-store.contract.ts';
import { gridFsBlobStore } from './gridfs-blob-store.ts';

const url = process.env.MONGODB_URL;

if (!url) {
  console.warn('GridFS blob store contract tests skipped: MONGODB_URL is not set (no MongoDB on this machine)');
  describe.skip('DocumentBlobStore contract: GridFS (skipped: MONGODB_URL is not set)', () => undefined);
} else {
  describeBlobStoreContract('GridFS', async () => {
    // A database per test, dropped afterwards: nothing else in the server is touched.
    const dbName = `blob_store_test_${randomUUID().replace(/-/g, '')}`;
    const store = gridFsBlobStore(url, { dbName });
    return {
      store,
      dispose: async () => {
        await store.close();
        const client = await MongoClient.connect(url);
        await client.db(dbName).dropDatabase();
        await client.close();
      },
    };
  });
}
