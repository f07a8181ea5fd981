import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
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

  it('hands out new subject ids whose keys are already on disk, never the same id twice', async () => {
    dir = mkdtempSync(join(tmpdir(), 'subject-keys-'));
    const file = join(dir, 'keys.sqlite');
    const store = openSqliteSubjectKeyStore(file);
    // More than one batch made ahead, asked for all at once.
    const ids = await Promise.all(Array.from({ length: 300 }, () => store.newSubjectId!()));
    expect(new Set(ids).size).toBe(300);
    // Another connection (another process) already reads each key: it was committed before the id was handed out.
    const other = new Database(file, { readonly: true });
    const stored = other.prepare<[string], { key: Buffer | null }>('SELECT key FROM subject_keys WHERE subject = ?');
    for (const id of ids) expect(stored.get(id)?.key).toHaveLength(32);
    // The key the store then uses for the subject is that one: nothing new is made.
    const first = ids[0]!;
    expect((await store.keyFor(first, { create: true }))!.equals(stored.get(first)!.key!)).toBe(true);

    // Destroyed before its first use, it stays destroyed.
    const second = ids[1]!;
    await store.destroy(second);
    expect(await store.keyFor(second, { create: true })).toBeNull();
    other.close();
    await store.close();
  });
});
