import path from 'node:path';
import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const DURATION = /^(\d+)\s*(s|m|h|d)$/;
const UNIT_MS: Readonly<Record<string, number>> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** "90s", "30m", "1h", "1d": as an operator writes it in a compose file. */
const duration = z
  .string()
  .trim()
  .regex(DURATION, 'must be a number and a unit, such as 30m, 1h or 1d')
  .transform((value) => {
    const [, amount = '0', unit = 's'] = DURATION.exec(value) ?? [];
    return Number(amount) * (UNIT_MS[unit] ?? 0);
  })
  .refine((ms) => ms >= 60_000, 'must be a minute or more');

/** What the people who run the product set: backups, the erasure ledger, metrics, who is told when a backup fails. */
export const operationsConfigSchema = z.object({
  /** Where erasures are written down; by default beside the data, better on another disk (docs/operations.md). */
  ERASURE_LEDGER: optionalText,
  /** Scheduled backups are made here when set. */
  BACKUP_DIR: optionalText,
  BACKUP_EVERY: duration.default('1h'),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(48),
  /** 32 bytes, base64 or hex (backup-key.ts reads it); needed by BACKUP_DIR and by `npm run backup` / `restore`. */
  BACKUP_KEY: optionalText,
  /** The operator: told by e-mail when a scheduled backup fails (besides the log line and the metric). */
  OPERATOR_EMAIL: optionalText.pipe(z.string().email('OPERATOR_EMAIL must be an e-mail address').optional()),
  /** Serves GET /metrics on this port only (bind it to a private network); off when unset. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Serves GET /metrics on the app's port too, to `Authorization: Bearer <token>` only. */
  METRICS_TOKEN: optionalText.pipe(z.string().min(32, 'METRICS_TOKEN must be at least 32 characters (openssl rand -hex 32)').optional()),
});

export type OperationsConfig = ReturnType<typeof loadOperationsConfig>;

export function loadOperationsConfig(env: Record<string, string | undefined>, dataDir: string) {
  const parsed = operationsConfigSchema.parse(env);
  if (parsed.BACKUP_DIR && !parsed.BACKUP_KEY) throw new Error('BACKUP_DIR is set but BACKUP_KEY is not: backups are always encrypted (docs/operations.md).');
  return {
    erasureLedger: path.resolve(parsed.ERASURE_LEDGER ?? path.join(dataDir, 'erasure-ledger')),
    backupDir: parsed.BACKUP_DIR === undefined ? undefined : path.resolve(parsed.BACKUP_DIR),
    backupEveryMs: parsed.BACKUP_EVERY,
    backupKeep: parsed.BACKUP_KEEP,
    backupKey: parsed.BACKUP_KEY,
    operatorEmail: parsed.OPERATOR_EMAIL,
    metricsPort: parsed.METRICS_PORT,
    metricsToken: parsed.METRICS_TOKEN,
  };
}
