import type { Db, Document, Filter as MongoFilter } from 'mongodb';
import type { Collection, Doc, Filter, FindOptions } from '../read-store.ts';

/**
 * get, find and count on physical collections. Filters pass straight through: top-level equality, where
 * MongoDB's own semantics already make an array field match when it contains the value. A field is indexed the
 * first time something filters by it (multikey when it holds arrays).
 */
export function documentCollections(db: Db) {
  const indexed = new Set<string>();
  const indexKey = (physical: string, field: string): string => `${physical}\u0000${field}`;

  async function ensureIndexes(physical: string, filter: Filter | undefined): Promise<void> {
    for (const field of Object.keys(filter ?? {})) {
      const key = indexKey(physical, field);
      if (indexed.has(key)) continue;
      await db.collection(physical).createIndex({ [field]: 1 });
      indexed.add(key);
    }
  }

  return {
    collectionOver<T extends Doc>(resolve: () => Promise<string | null>): Collection<T> {
      return {
        async get(id) {
          const physical = await resolve();
          if (physical === null) return null;
          return db.collection(physical).findOne<T>({ _id: id as never }, { projection: { _id: 0 } });
        },
        async find(filter?: Filter, findOptions?: FindOptions) {
          const physical = await resolve();
          if (physical === null) return [];
          await ensureIndexes(physical, filter);
          let cursor = db.collection(physical).find<T>((filter ?? {}) as MongoFilter<Document>, { projection: { _id: 0 } });
          if (findOptions?.sort) {
            const direction = findOptions.sort.direction === 'desc' ? -1 : 1;
            cursor = cursor.sort({ [findOptions.sort.field]: direction, _id: direction });
          }
          if (findOptions?.skip) cursor = cursor.skip(findOptions.skip);
          if (findOptions?.limit !== undefined) cursor = cursor.limit(findOptions.limit);
          return cursor.toArray();
        },
        async count(filter?: Filter) {
          const physical = await resolve();
          if (physical === null) return 0;
          await ensureIndexes(physical, filter);
          return db.collection(physical).countDocuments(filter ?? {});
        },
      };
    },

    /** A dropped collection's indexes go with it. */
    forgetIndexes(physical: string): void {
      for (const key of indexed) if (key.startsWith(indexKey(physical, ''))) indexed.delete(key);
    },
  };
}

export type DocumentCollections = ReturnType<typeof documentCollections>;
