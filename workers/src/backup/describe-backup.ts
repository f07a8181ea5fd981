import type { BackupManifest } from './backup-manifest.ts';

/** What an operator's console says of a backup: the file, its moment and its counts; never a record. */
export function describeBackup(file: string, bytes: number | null, manifest: BackupManifest): string {
  const facts = (name: string) => manifest.parts.find((part) => part.name === name)?.facts ?? {};
  const log = manifest.parts.find((part) => part.name === 'log');
  return [
    `Backup ${file}${bytes === null ? '' : ` (${bytes} bytes)`}, made ${manifest.createdAt}.`,
    `  log: ${String(facts('log').events ?? 0)} events in ${String(facts('log').streams ?? 0)} streams, up to position ${manifest.position ?? 'none'}; ${log?.hash ?? ''}`,
    `  keys: ${String(facts('keys').keys ?? 0)} (${String(facts('keys').erased ?? 0)} erased); documents: ${String(facts('documents').documents ?? 0)}; read models: ${String(facts('read-models').builds ?? 0)} builds`,
  ].join('\n');
}
