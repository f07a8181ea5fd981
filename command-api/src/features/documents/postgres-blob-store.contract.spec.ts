import { pgTestDatabase, pgTestDatabaseOrSkip } from '@accommodate/shared-events/testing/pg-test-database';
import { openPostgresBlobStore } from '@accommodate/shared-events/storage/postgres-blob-store';
import { describeBlobStoreContract } from './blob-store.contract.ts';

const reachable = await pgTestDatabaseOrSkip('DocumentBlobStore contract: PostgreSQL');
await reachable?.drop();

if (reachable) {
  describeBlobStoreContract('PostgreSQL', async () => {
    const database = (await pgTestDatabase('DocumentBlobStore contract: PostgreSQL'))!;
    const store = await openPostgresBlobStore(database.url);
    return {
      store,
      dispose: async () => {
        await store.close();
        await database.drop();
      },
    };
  });
}
