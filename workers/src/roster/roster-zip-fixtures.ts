import { strToU8, zipSync, type Zippable } from 'fflate';
import type { RosterFiles } from '@accommodate/shared-events/domain/testing/roster-fixtures';

/** A spec's OneRoster zip: each file's text as UTF-8 (or the bytes given), deflated as an SIS exports them. */
export function rosterZip(files: RosterFiles, raw: Record<string, Uint8Array> = {}): Buffer {
  const entries: Zippable = {};
  for (const [name, text] of Object.entries(files)) entries[name] = strToU8(text);
  for (const [name, bytes] of Object.entries(raw)) entries[name] = bytes;
  return Buffer.from(zipSync(entries, { level: 6 }));
}
