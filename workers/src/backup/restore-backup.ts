import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, open, readdir, readFile, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import { digestEmbeddedLog } from '@accommodate/shared-events/backup/embedded-parts';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '@accommodate/shared-events/storage/private-files';
import { ARCHIVE_PATH, backupManifestSchema, logPartOf, MANIFEST_PATH, type BackupManifest } from './backup-manifest.ts';
import { BackupRefusedError, openSealedFile, unsealedChunks } from './sealed-file.ts';

interface ExtractedFile {
  bytes: number;
  sha256: string;
}

const altered = (what: string) => new BackupRefusedError('altered', `This backup does not hold what its manifest says (${what}). Nothing was restored.`);

/** Only into an empty folder (or one not there yet): a restore never mixes with, or overwrites, data. */
export async function assertEmptyTarget(target: string): Promise<void> {
  const entries = await readdir(target).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    if (error.code === 'ENOTDIR') throw new BackupRefusedError('target-not-empty', `${target} is a file, not a folder. Nothing was restored.`);
    throw error;
  });
  if (entries.length > 0) {
    throw new BackupRefusedError('target-not-empty', `${target} is not empty: a backup is restored only into an empty folder, so that no data is mixed or overwritten. Nothing was changed.`);
  }
}

/**
 * Opens and checks a backup into a private folder beside the target: every chunk authenticated, every file as
 * the manifest lists it (size and SHA-256), and the log's hash, head and count computed again. Throws
 * BackupRefusedError (and removes the folder) on any mismatch; the target is not touched.
 */
export async function unpackBackup(file: string, key: Buffer, target: string): Promise<{ staging: string; manifest: BackupManifest }> {
  const handle = await open(file, 'r').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw new BackupRefusedError('not-a-backup', `There is no file at ${file}. Nothing was restored.`);
    throw error;
  });
  await mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
  let staging: string | null = null;
  try {
    const opened = await openSealedFile(handle, key);
    staging = await mkdtemp(path.join(path.dirname(target), `.${path.basename(target)}.restoring-`));
    const extracted = await extractInto(Readable.from(unsealedChunks(handle, opened)), staging);
    const manifest = await readManifest(staging, extracted);
    await checkLog(staging, manifest);
    return { staging, manifest };
  } catch (error) {
    if (staging) await rm(staging, { recursive: true, force: true });
    throw error;
  } finally {
    await handle.close();
  }
}

async function extractInto(archive: Readable, staging: string): Promise<Map<string, ExtractedFile>> {
  const extracted = new Map<string, ExtractedFile>();
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    const name = header.name;
    if (header.type !== 'file' || !ARCHIVE_PATH.test(name) || extracted.has(name)) {
      stream.resume();
      extract.destroy(altered(`an unexpected entry`));
      return;
    }
    const destination = path.join(staging, name);
    const sha256 = createHash('sha256');
    let bytes = 0;
    void (async () => {
      await mkdir(path.dirname(destination), { recursive: true, mode: PRIVATE_DIR_MODE });
      stream.on('data', (chunk: unknown) => {
        if (!Buffer.isBuffer(chunk)) return;
        sha256.update(chunk);
        bytes += chunk.length;
      });
      await pipeline(stream, createWriteStream(destination, { flags: 'wx', mode: PRIVATE_FILE_MODE }));
      extracted.set(name, { bytes, sha256: sha256.digest('hex') });
    })().then(() => next(), (error: unknown) => next(error instanceof Error ? error : new Error(String(error))));
  });
  try {
    await pipeline(archive, createGunzip(), extract);
  } catch (error) {
    if (error instanceof BackupRefusedError) throw error;
    // Every byte was authenticated: an archive that does not unpack was sealed that way, not damaged on the way.
    throw altered(`its archive does not unpack: ${error instanceof Error ? error.name : 'unknown error'}`);
  }
  return extracted;
}

async function readManifest(staging: string, extracted: Map<string, ExtractedFile>): Promise<BackupManifest> {
  const text = await readFile(path.join(staging, MANIFEST_PATH), 'utf8').catch(() => null);
  if (text === null) throw altered('no manifest');
  let manifest: BackupManifest;
  try {
    manifest = backupManifestSchema.parse(JSON.parse(text));
  } catch {
    throw altered('a manifest this version cannot read');
  }
  const listed = new Set(manifest.files.map((entry) => entry.path));
  for (const entry of manifest.files) {
    const found = extracted.get(entry.path);
    if (!found) throw altered(`${entry.path} is missing`);
    if (found.bytes !== entry.bytes || found.sha256 !== entry.sha256) throw altered(`${entry.path} differs`);
  }
  for (const name of extracted.keys()) if (name !== MANIFEST_PATH && !listed.has(name)) throw altered(`${name} is not listed`);
  return manifest;
}

async function checkLog(staging: string, manifest: BackupManifest): Promise<void> {
  const log = logPartOf(manifest);
  if (!log?.hash) throw altered('no hash over the log');
  const summary = await digestEmbeddedLog(path.join(staging, 'events.sqlite'));
  if (summary.hash !== log.hash) throw altered('the hash over its log');
  if (summary.facts.lastPosition !== manifest.position || summary.facts.events !== log.facts.events) throw altered('the log’s last position or its count');
}

/**
 * Moves a checked (and ledger-applied) folder into the target: the target itself when it is not there yet, its
 * contents into it when it is an empty folder. The manifest stays beside the data as `restored-from.json`.
 */
export async function placeRestored(staging: string, target: string): Promise<void> {
  await rename(path.join(staging, MANIFEST_PATH), path.join(staging, 'restored-from.json'));
  const exists = await stat(target).then(() => true, () => false);
  if (!exists) {
    await rename(staging, target);
    return;
  }
  await assertEmptyTarget(target);
  for (const name of await readdir(staging)) await rename(path.join(staging, name), path.join(target, name));
  await rmdir(staging);
}
