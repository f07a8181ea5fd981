import { z } from 'zod';
import { PART_NAMES } from '@accommodate/shared-events/backup/backup-part';

const facts = z.record(z.union([z.string(), z.number(), z.null()]));

/** What a backup says of itself: its last entry, written once every file is in and hashed. */
export const backupManifestSchema = z.object({
  format: z.literal('accommodate-backup'),
  version: z.literal(1),
  /** The engine whose files these are: a restore puts them back under the same one. */
  engine: z.enum(['embedded']),
  startedAt: z.string().datetime(),
  createdAt: z.string().datetime(),
  /** The log's last global position in the backup (as text: positions are 64-bit); null for an empty log. */
  position: z.string().nullable(),
  parts: z.array(z.object({ name: z.enum(PART_NAMES), takenAt: z.string().datetime(), facts, hash: z.string().optional() })),
  files: z.array(z.object({ path: z.string(), bytes: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
});
export type BackupManifest = z.infer<typeof backupManifestSchema>;

export const MANIFEST_PATH = 'manifest.json';

/** The only paths an archive may hold: the embedded stores' files under DATA_DIR, and the manifest. */
export const ARCHIVE_PATH = /^(?:events\.sqlite|keys\.sqlite|read-models\.sqlite|documents\/[A-Za-z0-9_-]{1,100}\.bin|manifest\.json)$/;

export const logPartOf = (manifest: BackupManifest) => manifest.parts.find((part) => part.name === 'log');
