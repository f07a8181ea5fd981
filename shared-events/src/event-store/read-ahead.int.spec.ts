import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../events/envelope.ts';
import { openEventStore } from './open-event-store.ts';
import { canForgetSubjects } from './shredding-event-store.ts';

const meta = { actor: { userId: 'u1' }, correlationId: 'c', causationId: null };
const added = (studentId: string, firstName: string) => ({
  type: 'StudentAdded' as const,
  data: { studentId, ownerId: 'u1', firstName, lastInitial: 'Q', grade: '3', status: 'active', birthdate: null, parentName: 'Pat Parentname', parentEmail: null, parentNotes: null, notes: null },
});

describe('readAllAhead (the embedded log read on a worker thread)', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('yields exactly what readAll yields, in pages, with the personal fields of an erased student masked', async () => {
    dir = mkdtempSync(join(tmpdir(), 'read-ahead-'));
    const store = await openEventStore({ dataDir: dir });
    for (let i = 0; i < 25; i++) await store.append(`student-s${i}`, [added(`s${i}`, `Name${i}`)], { expectedRevision: 'no_stream', ...meta });
    if (!canForgetSubjects(store)) throw new Error('the embedded store forgets subjects');
    await store.forgetSubject('s3');

    const direct: EventEnvelope[] = [];
    for await (const event of store.readAll()) direct.push(event);
    const pages: EventEnvelope[][] = [];
    for await (const page of store.readAllAhead!({ after: 2n, pageSize: 10 })) pages.push(page);

    expect(pages.map((page) => page.length)).toEqual([10, 10, 3]);
    expect(pages.flat()).toEqual(direct.slice(2));
    expect(direct[3]!.data).toMatchObject({ firstName: '[erased]', parentName: '[erased]', grade: '3' });
    expect(direct[4]!.data).toMatchObject({ firstName: 'Name4' });
    await store.close();
  });

  it('stops its thread when the reader leaves early', async () => {
    dir = mkdtempSync(join(tmpdir(), 'read-ahead-'));
    const store = await openEventStore({ dataDir: dir });
    for (let i = 0; i < 30; i++) await store.append(`student-s${i}`, [added(`s${i}`, `Name${i}`)], { expectedRevision: 'no_stream', ...meta });
    const seen: string[] = [];
    for await (const page of store.readAllAhead!({ pageSize: 5 })) {
      seen.push(...page.map((e) => e.streamId));
      if (seen.length >= 10) break;
    }
    expect(seen).toEqual(Array.from({ length: 10 }, (_, i) => `student-s${i}`));
    // The store and its files close normally afterwards: no thread holds them.
    await store.close();
  });
});
