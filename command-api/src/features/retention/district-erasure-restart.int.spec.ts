import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadRuntimeConfig } from '@accommodate/shared-events/config/runtime-config';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { startServer } from '../../server.ts';
import { readMailOf, signedInTeacher } from '../../testing/test-server.ts';
import { jane } from '../../testing/sharing-fixtures.ts';
import { eventually } from '../../testing/eventually.ts';
import { readDistrictErasure } from '../../shared/district-erasure-job.ts';

// Leaving the product: the one-process server stopped in the middle of a district's erasure (its in-process
// job gone with it) finishes it when it starts again on the same DATA_DIR, nobody asking again.
it('finishes, once started again, a district erasure its last run left in the middle of a batch', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accommodate-test-'));
  const config = loadRuntimeConfig({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', UI_DIST: '/nonexistent' });
  try {
    const before = await startServer(config, { runProjections: true });
    readMailOf(before);
    const dana = await signedInTeacher(before.url, 'Dana District');
    const districtId = (await dana.post('/api/districts', { name: 'Restart USD' })).body.id as string;
    const schoolId = (await dana.post(`/api/districts/${districtId}/schools`, { name: 'Restart High' })).body.id as string;
    const ids: string[] = [];
    for (const firstName of ['Gwen', 'Mateo', 'Ines']) ids.push((await dana.post('/api/students', { ...jane, firstName, schoolId })).body.id as string);
    // Where the stopped run was: its first batch written (Gwen), her StudentDeleted in, her key not yet destroyed.
    const options = { expectedRevision: 'any' as const, actor: { userId: dana.account.id }, correlationId: districtId, causationId: null };
    await before.context.eventStore.append(streamName('districtErasure', districtId), [
      { type: 'DistrictErasureRequested', data: { districtId, requestedBy: dana.account.id } },
      { type: 'DistrictErasureProgressed', data: { districtId, done: 0, total: 3, erasing: [ids[0]!] } },
    ], options);
    await before.context.eventStore.append(streamName('student', ids[0]!), [{ type: 'StudentDeleted', data: { studentId: ids[0]! } }], options);
    await before.close();

    const after = await startServer(config, { runProjections: true });
    try {
      const end = await eventually(() => readDistrictErasure(after.context.eventStore, districtId), (state) => state?.status === 'done', 20_000);
      expect(end).toMatchObject({ status: 'done', progress: { done: 3, total: 3 }, studentsErased: 3 });
      const firstNames = async (id: string) =>
        (await after.context.eventStore.readStream(streamName('student', id))).flatMap((event) => (event.type === 'StudentAdded' ? [String((event.data as { firstName?: unknown }).firstName)] : []));
      expect(await Promise.all(ids.map(firstNames))).toEqual([['[erased]'], ['[erased]'], ['[erased]']]);
      const erased = (await after.context.eventStore.readStream(streamName('district', districtId))).filter((event) => event.type === 'DistrictErased');
      expect(erased.map((event) => event.data)).toEqual([{ districtId, erasedBy: dana.account.id, studentsErased: 3, schoolIds: [schoolId] }]);
    } finally {
      await after.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 60_000);
