import { pgTestDatabase, pgTestDatabaseOrSkip } from '@accommodate/shared-events/testing/pg-test-database';
import { openPostgresReadStore } from './postgres-read-store.ts';
import { describeReadStoreContract } from './read-store.contract.ts';

const reachable = await pgTestDatabaseOrSkip('ReadStore contract: PostgreSQL');
await reachable?.drop();

if (reachable) {
  describeReadStoreContract('PostgreSQL', async () => {
    const database = (await pgTestDatabase('ReadStore contract: PostgreSQL'))!;
    const store = await openPostgresReadStore({ url: database.url });
    return {
      store,
      dispose: async () => {
        await store.close();
        await database.drop();
      },
    };
  });
}
