import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { makePrivateDir, PRIVATE_FILE_MODE } from './private-files.ts';
import { assertBlobId, type DocumentBlobStore } from './document-blob-store.ts';

const STORED = /^[A-Za-z0-9_-]{1,100}\.bin$/;
const TEMPORARY = /^\.[A-Za-z0-9_-]{1,100}\.[0-9a-f-]{36}\.tmp$/;

const namesIn = (folder: string): Promise<string[]> =>
  fs.readdir(folder).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  });

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
  const ensureFolder = () => (ready ??= makePrivateDir(folder));

  return {
    async put(id, bytes) {
      const target = fileOf(id);
      await ensureFolder();
      const temporary = path.join(folder, `.${id}.${randomUUID()}.tmp`);
      const handle = await fs.open(temporary, 'wx', PRIVATE_FILE_MODE);
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
      // A write of this id cut short by a crash (kill -9 during an upload) left its temporary file.
      for (const name of await namesIn(folder)) if (name.startsWith(`.${id}.`) && name.endsWith('.tmp')) await fs.rm(path.join(folder, name), { force: true });
    },
    async leftovers(before) {
      const ids: string[] = [];
      const unfinished: string[] = [];
      for (const name of await namesIn(folder)) {
        const modified = await fs.stat(path.join(folder, name)).then((stats) => stats.mtime, () => null);
        if (!modified || modified >= before) continue;
        if (TEMPORARY.test(name)) unfinished.push(name);
        else if (STORED.test(name)) ids.push(name.slice(0, -'.bin'.length));
      }
      return { ids, unfinished };
    },
    async removeUnfinished(name) {
      if (TEMPORARY.test(name)) await fs.rm(path.join(folder, name), { force: true });
    },
    async close() {},
  };
}
