import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { CHUNK_BYTES, HEADER_BYTES, openSealedFile, sealingStream, TRAILER_BYTES, unsealedChunks } from './sealed-file.ts';

const folder = mkdtempSync(path.join(os.tmpdir(), 'sealed-file-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const key = randomBytes(32);

async function seal(plain: Buffer): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of Readable.from([plain]).pipe(sealingStream(key))) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

async function unseal(sealed: Buffer, withKey = key): Promise<Buffer> {
  const file = path.join(folder, `${randomBytes(4).toString('hex')}.backup`);
  writeFileSync(file, sealed);
  const handle = await open(file, 'r');
  try {
    const parts: Buffer[] = [];
    for await (const part of unsealedChunks(handle, await openSealedFile(handle, withKey))) parts.push(part);
    return Buffer.concat(parts);
  } finally {
    await handle.close();
  }
}

const SEALED_CHUNK = CHUNK_BYTES + 16;
/** A copy whose trailer says its new length, as a careful forger would write it. */
const withTrailerFixed = (bytes: Buffer): Buffer => {
  const copy = Buffer.from(bytes);
  copy.writeBigUInt64BE(BigInt(copy.length), copy.length - 8);
  return copy;
};

describe('sealed backup file', () => {
  it.each([0, 1, CHUNK_BYTES - 1, CHUNK_BYTES, CHUNK_BYTES + 1, 3 * CHUNK_BYTES])('opens what it sealed (%i bytes)', async (length) => {
    const plain = randomBytes(length);
    expect((await unseal(await seal(plain))).equals(plain)).toBe(true);
  });

  it('refuses a file cut at a chunk’s end, even with a trailer that fits: the last chunk carries its flag', async () => {
    const sealed = await seal(randomBytes(3 * CHUNK_BYTES + 10));
    const cut = Buffer.concat([sealed.subarray(0, HEADER_BYTES + 2 * SEALED_CHUNK), sealed.subarray(sealed.length - TRAILER_BYTES)]);
    await expect(unseal(withTrailerFixed(cut))).rejects.toMatchObject({ reason: 'altered' });
    await expect(unseal(sealed.subarray(0, HEADER_BYTES + 2 * SEALED_CHUNK))).rejects.toMatchObject({ reason: 'truncated' });
  });

  it('refuses chunks swapped, a changed header and a wrong key, each for what it is', async () => {
    const sealed = await seal(randomBytes(3 * CHUNK_BYTES + 10));
    const first = sealed.subarray(HEADER_BYTES, HEADER_BYTES + SEALED_CHUNK);
    const second = sealed.subarray(HEADER_BYTES + SEALED_CHUNK, HEADER_BYTES + 2 * SEALED_CHUNK);
    const swapped = Buffer.concat([sealed.subarray(0, HEADER_BYTES), second, first, sealed.subarray(HEADER_BYTES + 2 * SEALED_CHUNK)]);
    await expect(unseal(swapped)).rejects.toMatchObject({ reason: 'altered', message: expect.stringMatching(/part 1 of 4/) });
    const salted = Buffer.from(sealed);
    salted[20]! ^= 0x80;
    await expect(unseal(salted)).rejects.toMatchObject({ reason: 'wrong-key' });
    await expect(unseal(sealed, randomBytes(32))).rejects.toMatchObject({ reason: 'wrong-key' });
    await expect(unseal(Buffer.from('not a backup at all'))).rejects.toMatchObject({ reason: 'not-a-backup' });
  });
});
