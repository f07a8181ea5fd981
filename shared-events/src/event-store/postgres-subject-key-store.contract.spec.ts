import pg from 'pg';
import { pgTestDatabase, pgTestDatabaseOrSkip } from '../testing/pg-test-database.ts';
import { openPostgresSubjectKeyStore } from './postgres-subject-key-store.ts';
import type { SubjectKeyStore } from './subject-key-store.ts';
import { describeSubjectKeyStoreContract } from './subject-key-store.contract.ts';

const reachable = await pgTestDatabaseOrSkip('SubjectKeyStore contract: PostgreSQL');
await reachable?.drop();

if (reachable) {
  describeSubjectKeyStoreContract('PostgreSQL', async () => {
    const database = (await pgTestDatabase('SubjectKeyStore contract: PostgreSQL'))!;
    const opened: SubjectKeyStore[] = [];
    return {
      async open() {
        const store = await openPostgresSubjectKeyStore(database.url);
        opened.push(store);
        return store;
      },
      async storedKey(subjectId) {
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        try {
          const { rows } = await client.query<{ key: Buffer | null }>('SELECT key FROM subject_keys WHERE subject = $1', [subjectId]);
          return rows[0]?.key;
        } finally {
          await client.end();
        }
      },
      async dispose() {
        for (const store of opened) await store.close();
        await database.drop();
      },
    };
  });
}
