import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { Transform, type TransformCallback } from 'node:stream';
import { backupKeyId, fileKeys } from './backup-key.ts';

/**
 * A backup file: a header, the archive sealed in chunks, and a trailer.
 *
 *   header  = MAGIC (8) | key id (6) | salt (16) | key check (16)
 *   chunk   = AES-256-GCM(ciphertext of at most CHUNK bytes) | tag (16)
 *   trailer = END (8) | the file's length (8, big-endian)
 *
 * Chunked authenticated encryption (the STREAM construction that age and Tink use): each chunk's nonce is its
 * number and a flag for the last one, and every chunk authenticates the header, so a chunk altered, swapped or
 * dropped fails its tag, and a file cut at a chunk's end lacks its last one. The trailer only tells a cut file from
 * an altered one for the operator's sake; security rests on the tags.
 */
const MAGIC = Buffer.from('ACMDBK01');
const END = Buffer.from('ACMDBKND');
const KEY_ID_BYTES = 6;
const SALT_BYTES = 16;
const CHECK_BYTES = 16;
const TAG_BYTES = 16;
export const HEADER_BYTES = MAGIC.length + KEY_ID_BYTES + SALT_BYTES + CHECK_BYTES;
export const TRAILER_BYTES = END.length + 8;
export const CHUNK_BYTES = 64 * 1024;

export type RefusalReason = 'not-a-backup' | 'truncated' | 'wrong-key' | 'altered' | 'target-not-empty' | 'no-ledger';

/** Why a file cannot be restored, in words for the operator; nothing was written when this is thrown. */
export class BackupRefusedError extends Error {
  override readonly name = 'BackupRefusedError';
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
  }
}

const nonce = (index: number, last: boolean): Buffer => {
  const bytes = Buffer.alloc(12);
  bytes.writeUIntBE(index, 5, 6);
  bytes[11] = last ? 1 : 0;
  return bytes;
};

const keyCheck = (check: Buffer, headerStart: Buffer): Buffer => createHmac('sha256', check).update(headerStart).digest().subarray(0, CHECK_BYTES);

/** A transform from the archive's bytes to the sealed file's, header to trailer. */
export function sealingStream(key: Buffer): Transform {
  const salt = randomBytes(SALT_BYTES);
  const keys = fileKeys(key, salt);
  const start = Buffer.concat([MAGIC, Buffer.from(backupKeyId(key), 'hex'), salt]);
  const header = Buffer.concat([start, keyCheck(keys.check, start)]);
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let index = 0;
  let written = 0;

  const seal = (plain: Buffer, last: boolean): Buffer => {
    const cipher = createCipheriv('aes-256-gcm', keys.encryption, nonce(index++, last));
    cipher.setAAD(header);
    const sealed = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
    written += sealed.length;
    return sealed;
  };

  return new Transform({
    construct(callback) {
      this.push(header);
      written += header.length;
      callback();
    },
    transform(data: Buffer, _encoding, callback: TransformCallback) {
      pending.push(data);
      pendingBytes += data.length;
      // A chunk goes out only once more follows it: the last one must carry the flag.
      if (pendingBytes > CHUNK_BYTES) {
        let all = Buffer.concat(pending);
        while (all.length > CHUNK_BYTES) {
          this.push(seal(all.subarray(0, CHUNK_BYTES), false));
          all = all.subarray(CHUNK_BYTES);
        }
        pending = [all];
        pendingBytes = all.length;
      }
      callback();
    },
    flush(callback) {
      this.push(seal(Buffer.concat(pending), true));
      const trailer = Buffer.alloc(TRAILER_BYTES);
      END.copy(trailer);
      trailer.writeBigUInt64BE(BigInt(written + TRAILER_BYTES), END.length);
      this.push(trailer);
      callback();
    },
  });
}

/** What the header says, once it has been checked against the key. */
export interface OpenedHeader {
  header: Buffer;
  encryption: Buffer;
  bodyBytes: number;
}

/**
 * Checks the file's frame and that the key opens it, each failure with its own refusal: not a backup, cut short,
 * or made with another key. Reads only the header and the trailer.
 */
export async function openSealedFile(file: FileHandle, key: Buffer): Promise<OpenedHeader> {
  const { size } = await file.stat();
  const header = Buffer.alloc(HEADER_BYTES);
  const { bytesRead } = await file.read(header, 0, HEADER_BYTES, 0);
  if (bytesRead < MAGIC.length || !header.subarray(0, MAGIC.length).equals(MAGIC)) {
    throw new BackupRefusedError('not-a-backup', 'This file is not an Accommodate backup (its first bytes are not a backup header). Nothing was restored.');
  }
  const trailer = Buffer.alloc(TRAILER_BYTES);
  if (size >= HEADER_BYTES + TAG_BYTES + TRAILER_BYTES) await file.read(trailer, 0, TRAILER_BYTES, size - TRAILER_BYTES);
  if (!trailer.subarray(0, END.length).equals(END) || trailer.readBigUInt64BE(END.length) !== BigInt(size)) {
    throw new BackupRefusedError(
      'truncated',
      `This backup is truncated: the file is ${size} bytes and ends before its last part (an interrupted copy or a full disk). Copy it again from where backups are kept. Nothing was restored.`,
    );
  }
  const start = header.subarray(0, HEADER_BYTES - CHECK_BYTES);
  const keys = fileKeys(key, start.subarray(MAGIC.length + KEY_ID_BYTES));
  if (!timingSafeEqual(keyCheck(keys.check, start), header.subarray(HEADER_BYTES - CHECK_BYTES))) {
    const madeWith = start.subarray(MAGIC.length, MAGIC.length + KEY_ID_BYTES).toString('hex');
    throw new BackupRefusedError(
      'wrong-key',
      `BACKUP_KEY does not open this backup: it was made with the key whose id is ${madeWith}, and this BACKUP_KEY's id is ${backupKeyId(key)}. Set BACKUP_KEY to the key of that time. Nothing was restored.`,
    );
  }
  return { header, encryption: keys.encryption, bodyBytes: size - HEADER_BYTES - TRAILER_BYTES };
}

/** The archive's bytes, chunk by chunk, each authenticated before it is handed on. */
export async function* unsealedChunks(file: FileHandle, opened: OpenedHeader): AsyncGenerator<Buffer> {
  const sealedChunk = CHUNK_BYTES + TAG_BYTES;
  const count = Math.max(1, Math.ceil(opened.bodyBytes / sealedChunk));
  const buffer = Buffer.alloc(sealedChunk);
  for (let index = 0; index < count; index++) {
    const offset = index * sealedChunk;
    const length = Math.min(sealedChunk, opened.bodyBytes - offset);
    const { bytesRead } = await file.read(buffer, 0, length, HEADER_BYTES + offset);
    const altered = () =>
      new BackupRefusedError('altered', `This backup has been altered or damaged: part ${index + 1} of ${count} fails its integrity check. Nothing was restored.`);
    if (bytesRead !== length || length < TAG_BYTES) throw altered();
    const decipher = createDecipheriv('aes-256-gcm', opened.encryption, nonce(index, index === count - 1));
    decipher.setAAD(opened.header);
    decipher.setAuthTag(buffer.subarray(length - TAG_BYTES, length));
    let plain: Buffer;
    try {
      plain = Buffer.concat([decipher.update(buffer.subarray(0, length - TAG_BYTES)), decipher.final()]);
    } catch {
      throw altered();
    }
    yield plain;
  }
}
