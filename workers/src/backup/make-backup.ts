import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';
import type { BackupPart, PartSnapshot } from '@accommodate/shared-events/backup/backup-part';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '@accommodate/shared-events/storage/private-files';
import { MANIFEST_PATH, type BackupManifest } from './backup-manifest.ts';
import { sealingStream } from './sealed-file.ts';

export interface BackupRequest {
  /** The stores, in the order to copy them (embeddedBackupParts). */
  parts: readonly BackupPart[];
  /** BACKUP_KEY's bytes. */
  key: Buffer;
  /** Where the file goes; made (0700) if missing. */
  directory: string;
  now?: () => Date;
}

export interface MadeBackup {
  file: string;
  bytes: number;
  manifest: BackupManifest;
}

export const BACKUP_SUFFIX = '.backup';
/** `accommodate-2026-09-01T02-00-00-000Z.backup`: names sort by time. */
export const backupFileName = (at: Date): string => `accommodate-${at.toISOString().replaceAll(':', '-').replace('.', '-')}${BACKUP_SUFFIX}`;

/**
 * One backup file: each store's consistent copy, archived (tar), compressed (gzip) and sealed (sealed-file.ts),
 * written under a temporary name and renamed once durable, so a file with the final name is always whole.
 *
 * The stores are copied in the order given: the read models first, then the log, the keys and the documents.
 * Read models older than the log only have events to catch up on at the next start; newer ones would hold the
 * effects of events the restored log lacks. Keys copied after the log cover every event in it (a key is durable
 * before the first event sealed with it), and a key destroyed meanwhile stays destroyed.
 */
export async function makeBackup(request: BackupRequest): Promise<MadeBackup> {
  const now = request.now ?? (() => new Date());
  await mkdir(request.directory, { recursive: true, mode: PRIVATE_DIR_MODE });
  // The copies hold education records in the clear until sealed: a private folder, removed whatever happens.
  const staging = await mkdtemp(path.join(request.directory, '.staging-'));
  const startedAt = now();
  const partial = path.join(request.directory, `.${backupFileName(startedAt)}.partial`);
  try {
    const snapshots: (PartSnapshot & { takenAt: string })[] = [];
    for (const part of request.parts) {
      const takenAt = now().toISOString();
      snapshots.push({ ...(await part.snapshot(staging)), takenAt });
    }
    const log = snapshots.find((snapshot) => snapshot.name === 'log');
    const lastPosition = log?.facts.lastPosition;
    const manifest: BackupManifest = {
      format: 'accommodate-backup',
      version: 1,
      engine: 'embedded',
      startedAt: startedAt.toISOString(),
      createdAt: startedAt.toISOString(),
      position: typeof lastPosition === 'string' ? lastPosition : null,
      parts: snapshots.map(({ name, takenAt, facts, hash }) => ({ name, takenAt, facts, ...(hash ? { hash } : {}) })),
      files: [],
    };
    const pack = tar.pack();
    const packing = packFiles(pack, snapshots, manifest, now);
    await Promise.all([packing, pipeline(pack, createGzip({ level: 3 }), sealingStream(request.key), createWriteStream(partial, { flags: 'wx', mode: PRIVATE_FILE_MODE }))]);
    const bytes = await syncFile(partial);
    const file = path.join(request.directory, backupFileName(startedAt));
    await rename(partial, file);
    await syncFile(request.directory);
    return { file, bytes, manifest };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

/** Every file into the archive, each hashed on its way in, then the manifest that lists them. */
async function packFiles(pack: tar.Pack, snapshots: readonly PartSnapshot[], manifest: BackupManifest, now: () => Date): Promise<void> {
  try {
    for (const snapshot of snapshots) {
      for (const file of snapshot.files) {
        const handle = await open(file.source, 'r').catch((error: NodeJS.ErrnoException) => {
          // A document erased since the listing is not in the backup, as it is not in the store.
          if (error.code === 'ENOENT' && snapshot.name === 'documents') return null;
          throw error;
        });
        if (!handle) continue;
        try {
          const { size } = await handle.stat();
          const sha256 = createHash('sha256');
          const header = { name: file.path, size, mode: PRIVATE_FILE_MODE };
          if (size > 0) {
            const source = createReadStream('', { fd: handle.fd, autoClose: false, start: 0, end: size - 1 });
            source.on('data', (chunk) => sha256.update(chunk));
            await pipeline(source, pack.entry(header));
          } else {
            pack.entry(header, Buffer.alloc(0));
          }
          manifest.files.push({ path: file.path, bytes: size, sha256: sha256.digest('hex') });
        } finally {
          await handle.close();
        }
      }
    }
    manifest.createdAt = now().toISOString();
    pack.entry({ name: MANIFEST_PATH, mode: PRIVATE_FILE_MODE }, JSON.stringify(manifest, null, 2));
    pack.finalize();
  } catch (error) {
    pack.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
}

/** fsync: a file's bytes, or a folder's entries (the rename). Returns the size. */
async function syncFile(file: string): Promise<number> {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
    return (await handle.stat()).size;
  } finally {
    await handle.close();
  }
}
