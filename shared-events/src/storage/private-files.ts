import { closeSync, mkdirSync, openSync } from 'node:fs';
import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * DATA_DIR holds education records (the log, the keys that shred it, read models, documents, mail): only the
 * service's own user may read it. Modes are set when each file or folder is created, not left to the umask, and
 * `securePrivateDataDir` corrects what an older version left at 0644 / 0755.
 */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** Creates the folder (and its parents) as 0700. */
export const makePrivateDirSync = (dir: string): void => void mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
export const makePrivateDir = async (dir: string): Promise<void> => void (await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE }));

/**
 * Creates an SQLite database file as 0600 before SQLite opens it; SQLite then gives its -wal and -shm files the
 * database file's mode. An existing file is left as it is (and its mode to `securePrivateDataDir`).
 */
export function createPrivateFileSync(file: string): void {
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
}

/** Creates DATA_DIR as 0700 if missing, and makes every folder in it 0700 and every file 0600. Symbolic links are not followed. */
export async function securePrivateDataDir(dataDir: string): Promise<void> {
  await makePrivateDir(dataDir);
  await tighten(dataDir, PRIVATE_DIR_MODE);
  for (const entry of await readdir(dataDir, { withFileTypes: true, recursive: true })) {
    const file = join(entry.parentPath, entry.name);
    if (entry.isDirectory()) await tighten(file, PRIVATE_DIR_MODE);
    else if (entry.isFile()) await tighten(file, PRIVATE_FILE_MODE);
  }
}

async function tighten(file: string, mode: number): Promise<void> {
  try {
    if (((await lstat(file)).mode & 0o777) !== mode) await chmod(file, mode);
  } catch (error) {
    // A file removed meanwhile (a rename from .partial, a deleted document) needs no mode.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
