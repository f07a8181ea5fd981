import { strToU8, zipSync, type Zippable } from 'fflate';
import type { RosterFiles } from '@accommodate/shared-events/domain/testing/roster-fixtures';

/** A spec's OneRoster zip: each file's text as UTF-8 (or the bytes given), deflated as an SIS exports them. */
export function rosterZip(files: RosterFiles, raw: Record<string, Uint8Array> = {}): Buffer {
  const entries: Zippable = {};
  for (const [name, text] of Object.entries(files)) entries[name] = strToU8(text);
  for (const [name, bytes] of Object.entries(raw)) entries[name] = bytes;
  return Buffer.from(zipSync(entries, { level: 6 }));
}

/**
 * The zip with one entry's sizes in the central directory (what a reader sees before it unpacks anything) set to
 * `declared`: how a spec makes an entry that says it unpacks to hundreds of megabytes without building one. The local
 * header and the data stay as they were, so nothing past the entry's header can be read.
 */
export function withDeclaredSizes(zip: Buffer, name: string, declared: { compressed: number; uncompressed: number }): Buffer {
  const patched = Buffer.from(zip);
  const endOfDirectory = patched.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = patched.readUInt32LE(endOfDirectory + 16);
  while (patched.readUInt32LE(at) === 0x02014b50) {
    const nameLength = patched.readUInt16LE(at + 28);
    const entryEnd = at + 46 + nameLength + patched.readUInt16LE(at + 30) + patched.readUInt16LE(at + 32);
    if (patched.toString('utf8', at + 46, at + 46 + nameLength) === name) {
      patched.writeUInt32LE(declared.compressed, at + 20);
      patched.writeUInt32LE(declared.uncompressed, at + 24);
      return patched;
    }
    at = entryEnd;
  }
  throw new Error(`${name} is not in the zip`);
}
