import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DocumentBlobStore } from '@accommodate/shared-events/storage/document-blob-store';

export interface BlobStoreFixture {
  store: DocumentBlobStore;
  dispose(): Promise<void>;
}

/** One suite for every DocumentBlobStore. `open` gives a fresh, empty store. */
export function describeBlobStoreContract(name: string, open: () => Promise<BlobStoreFixture>): void {
  describe(`DocumentBlobStore contract: ${name}`, () => {
    let fixture: BlobStoreFixture;
    let store: DocumentBlobStore;

    beforeEach(async () => {
      fixture = await open();
      store = fixture.store;
    });
    afterEach(async () => fixture.dispose());

    it('gives back exactly the bytes it was given', async () => {
      const bytes = randomBytes(300_000);
      await store.put('doc-1', bytes);
      const read = await store.get('doc-1');
      expect(read?.equals(bytes)).toBe(true);
    });

    it('keeps an empty file as empty, not missing', async () => {
      await store.put('empty', Buffer.alloc(0));
      expect((await store.get('empty'))?.length).toBe(0);
    });

    it('answers null for a document it never stored', async () => {
      expect(await store.get('never-stored')).toBeNull();
    });

    it('replaces the bytes when the same id is written again', async () => {
      await store.put('doc-2', Buffer.from('first version'));
      await store.put('doc-2', Buffer.from('second'));
      expect((await store.get('doc-2'))?.toString()).toBe('second');
    });

    it('forgets deleted documents and tolerates deleting twice', async () => {
      await store.put('doc-3', Buffer.from('bytes'));
      await store.put('doc-4', Buffer.from('kept'));
      await store.delete('doc-3');
      await store.delete('doc-3');
      expect(await store.get('doc-3')).toBeNull();
      expect((await store.get('doc-4'))?.toString()).toBe('kept');
    });

    it('refuses ids that could escape into paths', async () => {
      await expect(store.put('../escape', Buffer.from('x'))).rejects.toThrow('Invalid document blob id');
      await expect(store.get('a/b')).rejects.toThrow('Invalid document blob id');
    });
  });
}
