import { mongoUrlOrSkip, throwawayDatabase } from '../testing/mongo-test-database.ts';
import { openMongoReadStore } from './mongo-read-store.ts';
import { describeReadStoreContract } from './read-store.contract.ts';

const url = mongoUrlOrSkip('ReadStore contract: MongoDB');

if (url) {
  describeReadStoreContract('MongoDB', async () => {
    const database = throwawayDatabase(url, 'read_store_test');
    const store = await openMongoReadStore({ url, dbName: database.dbName });
    return {
      store,
      dispose: async () => {
        await store.close();
        await database.drop();
      },
    };
  });
}
