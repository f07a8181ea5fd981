import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteSubjectKeyStore } from './subject-key-store.ts';

describe('the embedded subject key store', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('gives two stores on one file that create the same subject key at once the same key, and each subject its own', async () => {
    dir = mkdtempSync(join(tmpdir(), 'subject-keys-'));
    const file = join(dir, 'keys.sqlite');
    const a = openSqliteSubjectKeyStore(file);
    const b = openSqliteSubjectKeyStore(file);
    const [fromA, fromB, other] = await Promise.all([
      a.keyFor('s1', { create: true }),
      b.keyFor('s1', { create: true }),
      a.keyFor('s2', { create: true }),
    ]);
    expect(fromA).toBeInstanceOf(Buffer);
    expect(fromA).toHaveLength(32);
    expect(fromB!.equals(fromA!)).toBe(true);
    expect(other!.equals(fromA!)).toBe(false);
    // What was answered is what was stored: a store opened afresh reads the same key.
    await a.close();
    await b.close();
    const reopened = openSqliteSubjectKeyStore(file);
    expect((await reopened.keyFor('s1', { create: false }))!.equals(fromA!)).toBe(true);

    await reopened.destroy('s1');
    expect(await reopened.keyFor('s1', { create: true })).toBeNull();
    await reopened.close();
  });
});
