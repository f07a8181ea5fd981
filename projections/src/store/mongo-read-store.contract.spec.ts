import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { describe } from 'vitest';
import { openMongoReadStore } from './mongo-read-store.ts';
import { describeReadStoreContract } from './read-store.contract.ts';

const url = process.env.MONGODB_URL;

if (!url) {
  console.warn('MongoDB contract tests skipped: MONGODB_URL is not set (no MongoDB on this machine)');
  describe.skip('ReadStore contract: MongoDB (skipped: MONGODB_URL is not set)', () => undefined);
} else {
  describeReadStoreContract('MongoDB', async () => {
    // A database per test, dropped afterwards: nothing else in the server is touched.
    const dbName = `read_store_test_${randomUUID().replace(/-/g, '')}`;
    const store = await openMongoReadStore({ url, dbName });
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
