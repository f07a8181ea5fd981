import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCipheriv, randomBytes, randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { openEmbeddedEventStore } from './embedded-event-store.ts';
import { createShreddingEventStore } from './shredding-event-store.ts';
import { openMongoSubjectKeyStore, openSqliteSubjectKeyStore } from './subject-key-store.ts';
import { openEsdbEventStore } from './esdb-event-store.ts';

const meta = { actor: { userId: 'u1' }, correlationId: 'c', causationId: null };

describe('createShreddingEventStore', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const open = () =>
    createShreddingEventStore(openEmbeddedEventStore({ file: join(dir, 'events.sqlite') }), openSqliteSubjectKeyStore(join(dir, 'keys.sqlite')));

  const added = (studentId: string, firstName: string) => ({
    type: 'StudentAdded' as const,
    data: { studentId, ownerId: 'u1', firstName, lastInitial: 'Q', grade: '3', status: 'active', birthdate: null, parentName: 'Pat Parentname', parentEmail: null, parentNotes: null, notes: null },
  });

  it('stores personal fields encrypted, reads them back, and masks them once the key is destroyed', async () => {
    dir = mkdtempSync(join(tmpdir(), 'shredding-'));
    const name = `Zyxwvut${randomUUID().slice(0, 8)}`;
    const store = open();
    await store.append('student-s1', [added('s1', name)], { expectedRevision: 'no_stream', ...meta });
    await store.append('student-s2', [added('s2', 'Keepme')], { expectedRevision: 'no_stream', ...meta });
    expect((await store.readStream('student-s1'))[0]!.data).toMatchObject({ firstName: name, grade: '3', parentName: 'Pat Parentname' });
    const bytes = Buffer.concat(readdirSync(dir).map((file) => readFileSync(join(dir, file))));
    expect(bytes.includes(Buffer.from(name, 'utf8'))).toBe(false);

    await store.forgetSubject('s1');
    expect((await store.readStream('student-s1'))[0]!.data).toMatchObject({ firstName: '[erased]', parentName: '[erased]', grade: '3' });
    expect((await store.readStream('student-s2'))[0]!.data).toMatchObject({ firstName: 'Keepme' });
    // A late event about the erased subject is masked at once, never sealed under a new key.
    await store.append('student-s1', [{ type: 'StudentDetailsUpdated', data: { studentId: 's1', changes: { firstName: name } } }], { expectedRevision: 0, ...meta });
    await store.close();

    const reopened = open();
    const all = [];
    for await (const event of reopened.readAll()) all.push(event);
    expect(all.map((e) => (e.data as { firstName?: string; changes?: { firstName: string } }).firstName ?? (e.data as { changes: { firstName: string } }).changes.firstName)).toEqual([
      '[erased]',
      'Keepme',
      '[erased]',
    ]);
    await reopened.close();
  });

  it('seals all personal fields of an event in one ciphertext, and still reads the older per-field format', async () => {
    dir = mkdtempSync(join(tmpdir(), 'shredding-'));
    const name = `Qwertyui${randomUUID().slice(0, 8)}`;
    const keys = openSqliteSubjectKeyStore(join(dir, 'keys.sqlite'));
    const inner = openEmbeddedEventStore({ file: join(dir, 'events.sqlite') });
    const store = createShreddingEventStore(inner, keys);
    await store.append('student-s1', [added('s1', name)], { expectedRevision: 'no_stream', ...meta });
    const stored = (await inner.readStream('student-s1'))[0]!.data as Record<string, unknown>;
    expect(JSON.stringify(stored)).not.toContain(name);
    expect(JSON.stringify(stored)).not.toContain('Pat Parentname');
    expect(Object.values(stored).filter((value) => typeof value === 'string' && value.startsWith('enc2:'))).toHaveLength(1);
    expect(stored).toMatchObject({ grade: '3', birthdate: null });

    // An event written in the older format: one `enc1:` ciphertext per field, under the same subject key.
    const key = (await keys.keyFor('s1', { create: false }))!;
    const enc1 = (plain: string) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from('s1', 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return 'enc1:' + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    };
    await inner.append('student-s1', [{ type: 'StudentDetailsUpdated', data: { studentId: 's1', changes: { firstName: enc1('Oldformat'), notes: enc1('<p>old</p>'), grade: '4' } } }], { expectedRevision: 0, ...meta });
    const read = await store.readStream('student-s1');
    expect(read[0]!.data).toMatchObject({ firstName: name, lastInitial: 'Q', parentName: 'Pat Parentname', parentEmail: null });
    expect(read[1]!.data).toEqual({ studentId: 's1', changes: { firstName: 'Oldformat', notes: '<p>old</p>', grade: '4' } });
    const replayed = [];
    for await (const event of store.readAll()) replayed.push(event.data);
    expect(replayed).toEqual(read.map((event) => event.data));

    await store.forgetSubject('s1');
    const erased = await store.readStream('student-s1');
    expect(erased[0]!.data).toMatchObject({ firstName: '[erased]', lastInitial: '[erased]', parentName: '[erased]', parentEmail: null, grade: '3' });
    expect(erased[1]!.data).toEqual({ studentId: 's1', changes: { firstName: '[erased]', notes: '[erased]', grade: '4' } });
    await store.close();
  });

  it('never seals two events under one key with the same IV (GCM would leak both plaintexts)', async () => {
    dir = mkdtempSync(join(tmpdir(), 'shredding-'));
    const inner = openEmbeddedEventStore({ file: join(dir, 'events.sqlite') });
    const store = createShreddingEventStore(inner, openSqliteSubjectKeyStore(join(dir, 'keys.sqlite')));
    // More events than one pool of IVs holds, all under the one subject key.
    await store.append('student-s1', [added('s1', 'Firstname')], { expectedRevision: 'no_stream', ...meta });
    const updates = Array.from({ length: 1_100 }, (_, i) => ({ type: 'StudentDetailsUpdated' as const, data: { studentId: 's1', changes: { firstName: `Name${i}` } } }));
    await store.append('student-s1', updates, { expectedRevision: 0, ...meta });

    const ivs = (await inner.readStream('student-s1')).map((event) => {
      const sealed = JSON.stringify(event.data).match(/enc2:([A-Za-z0-9_-]+)/)![1]!;
      return Buffer.from(sealed, 'base64url').subarray(0, 12).toString('hex');
    });
    expect(ivs).toHaveLength(1_101);
    expect(new Set(ivs).size).toBe(1_101);
    expect((await store.readStream('student-s1')).at(-1)!.data).toEqual({ studentId: 's1', changes: { firstName: 'Name1099' } });
    await store.close();
  });
});

const esdbUrl = process.env.EVENTSTORE_URL;
const mongoUrl = process.env.MONGODB_URL;
if (!esdbUrl || !mongoUrl) console.warn('Shredding over EventStoreDB + MongoDB keys skipped: EVENTSTORE_URL and MONGODB_URL must both be set');
describe.skipIf(!esdbUrl || !mongoUrl)('createShreddingEventStore over EventStoreDB, keys in MongoDB', () => {
  it('masks an erased subject read back from EventStoreDB', async () => {
    const store = createShreddingEventStore(openEsdbEventStore({ connectionString: esdbUrl! }), await openMongoSubjectKeyStore(mongoUrl!));
    const subject = randomUUID();
    const data = { studentId: subject, ownerId: 'u1', firstName: 'Secretname', lastInitial: 'Q', grade: '3', status: 'active', birthdate: null, parentName: null, parentEmail: null, parentNotes: null, notes: null };
    await store.append(`student-${subject}`, [{ type: 'StudentAdded', data }], { expectedRevision: 'no_stream', ...meta });
    expect((await store.readStream(`student-${subject}`))[0]!.data).toMatchObject({ firstName: 'Secretname' });
    await store.forgetSubject(subject);
    expect((await store.readStream(`student-${subject}`))[0]!.data).toMatchObject({ firstName: '[erased]' });
    await store.close();
  });
});
