import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertBlobId, type DocumentBlobStore } from '../../framework/document-blob-store.ts';

/**
 * One file per document under `<dataDir>/documents/`. A write goes to a temporary
 * file, is fsynced, then renamed into place, so a crash never leaves half a document.
 */
export function filesystemBlobStore(dataDir: string): DocumentBlobStore {
  const folder = path.join(dataDir, 'documents');
  const fileOf = (id: string) => {
    assertBlobId(id);
    return path.join(folder, `${id}.bin`);
  };
  let ready: Promise<unknown> | null = null;
  const ensureFolder = () => (ready ??= fs.mkdir(folder, { recursive: true, mode: 0o700 }));

  return {
    async put(id, bytes) {
      const target = fileOf(id);
      await ensureFolder();
      const temporary = path.join(folder, `.${id}.${randomUUID()}.tmp`);
      const handle = await fs.open(temporary, 'wx', 0o600);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      try {
        await fs.rename(temporary, target);
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
      // The rename itself is durable only once the folder's entry is synced.
      const directory = await fs.open(folder, 'r');
      try {
        await directory.sync();
      } finally {
        await directory.close();
      }
    },
    async get(id) {
      try {
        return await fs.readFile(fileOf(id));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(id) {
      await fs.rm(fileOf(id), { force: true });
    },
    async close() {},
  };
}
