import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { describe } from 'vitest';

/**
 * Test helper: MONGODB_URL, or undefined after printing why the suite `title` is skipped
 * (and listing it as skipped), so a machine without MongoDB says so instead of passing quietly.
 */
export function mongoUrlOrSkip(title: string): string | undefined {
  const url = process.env.MONGODB_URL;
  if (!url) {
    console.warn(`${title} skipped: MONGODB_URL is not set (no MongoDB on this machine)`);
    describe.skip(`${title} (skipped: MONGODB_URL is not set)`, () => undefined);
  }
  return url;
}

/** Test helper: a database of its own for one test, so nothing else in the server is touched; drop it afterwards. */
export function throwawayDatabase(url: string, prefix: string): { dbName: string; drop(): Promise<void> } {
  const dbName = `${prefix}_${randomUUID().replace(/-/g, '')}`;
  return {
    dbName,
    async drop() {
      const client = await MongoClient.connect(url);
      await client.db(dbName).dropDatabase();
      await client.close();
    },
  };
}
