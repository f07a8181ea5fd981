import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeBlobStoreContract } from './blob-store.contract.ts';
import { filesystemBlobStore } from '@accommodate/shared-events/storage/filesystem-blob-store';

const freshDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'blobs-'));

describeBlobStoreContract('filesystem', async () => {
  const dataDir = freshDataDir();
  return { store: filesystemBlobStore(dataDir), dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
});

describe('filesystem blob store', () => {
  it('keeps documents under <dataDir>/documents and leaves no temporary files behind', async () => {
    const dataDir = freshDataDir();
    try {
      const store = filesystemBlobStore(dataDir);
      await store.put('doc-1', Buffer.from('%PDF-1.4'));
      expect(fs.readdirSync(path.join(dataDir, 'documents'))).toEqual(['doc-1.bin']);
      // A second store over the same folder, as after a restart, still finds it.
      expect((await filesystemBlobStore(dataDir).get('doc-1'))?.toString()).toBe('%PDF-1.4');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
