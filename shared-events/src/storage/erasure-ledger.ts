import { mkdir, open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './private-files.ts';

/**
 * What was erased and when, kept apart from the data and from every backup, so that a restore of a backup made
 * before an erasure can make it again. Ids and dates only: never a name, an address or anything else personal.
 * - student: the student's key, their record (StudentDeleted) and the bytes of their documents;
 * - account: the account's key, its deletion (UserAccountDeleted) and its password;
 * - subject: only the key (a school's or a district's, when a district leaves the product).
 */
export const erasureEntrySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('student'), subjectId: z.string().min(1), erasedAt: z.string().datetime(), documentIds: z.array(z.string()).default([]) }),
  z.object({ kind: z.literal('account'), subjectId: z.string().min(1), erasedAt: z.string().datetime() }),
  z.object({ kind: z.literal('subject'), subjectId: z.string().min(1), erasedAt: z.string().datetime() }),
]);
export type ErasureEntry = z.infer<typeof erasureEntrySchema>;

export interface ErasureLedger {
  /** Durable once it resolves; written before the erasure itself, so no erasure happens unrecorded. */
  record(entry: ErasureEntry): Promise<void>;
}

/** One JSON line per erasure, appended and fsynced; the file and its folder are private. */
export function erasureLedgerAt(file: string): ErasureLedger {
  // One append at a time: two lines written at once could interleave.
  let tail: Promise<void> = Promise.resolve();
  const append = async (line: string) => {
    await mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
    const handle = await open(file, 'a', PRIVATE_FILE_MODE);
    try {
      await handle.write(line);
      await handle.sync();
    } finally {
      await handle.close();
    }
  };
  return {
    record(entry) {
      const line = `${JSON.stringify(erasureEntrySchema.parse(entry))}\n`;
      const written = tail.then(() => append(line));
      tail = written.catch(() => undefined);
      return written;
    },
  };
}

export interface LedgerContents {
  entries: ErasureEntry[];
  /** Lines that are not an entry: a write cut short by a crash leaves at most the last one so. */
  unreadable: number;
}

/** The ledger's entries, or null when there is no file at all. */
export async function readErasureLedger(file: string): Promise<LedgerContents | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const contents: LedgerContents = { entries: [], unreadable: 0 };
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      contents.entries.push(erasureEntrySchema.parse(JSON.parse(line)));
    } catch {
      contents.unreadable += 1;
    }
  }
  return contents;
}
