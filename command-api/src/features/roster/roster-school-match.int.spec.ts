import { describe, expect, it } from 'vitest';
import { oneRoster11, type RosterFiles } from '@accommodate/shared-events/domain/testing/roster-fixtures';
import { rosterZip } from '@accommodate/workers/roster/roster-zip-fixtures';
import type { RosterImport } from '@accommodate/shared-events/schemas/roster';
import { signedInTeacher, testServerForFile, type TestClient } from '../../testing/test-server.ts';

// Schools made by hand before the first import: the SIS's org of the same name is linked to the school, not doubled.
const server = testServerForFile();

function upload(client: TestClient, districtId: string, files: RosterFiles, options: { dryRun?: boolean; schoolChoices?: string } = {}) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(rosterZip(files))]), 'oneroster.zip');
  if (options.schoolChoices !== undefined) form.append('schoolChoices', options.schoolChoices);
  return client.request('POST', `/api/districts/${districtId}/roster-imports${options.dryRun ? '?dryRun=true' : ''}`, { rawBody: form });
}

async function imported(client: TestClient, districtId: string, files: RosterFiles, options: { dryRun?: boolean; schoolChoices?: string } = {}): Promise<RosterImport> {
  const started = await upload(client, districtId, files, options);
  expect(started.status).toBe(202);
  const id = started.body.id as string;
  await expect.poll(async () => (await client.get(`/api/roster-imports/${id}`)).body.status, { timeout: 20_000, interval: 50 }).toMatch(/done|failed/);
  return (await client.get(`/api/roster-imports/${id}`)).body as RosterImport;
}

async function districtWith(...schoolNames: string[]) {
  const dana = await signedInTeacher(server.url, 'Dana District');
  const districtId = (await dana.post('/api/districts', { name: 'Lakeside USD' })).body.id as string;
  const ids: string[] = [];
  for (const name of schoolNames) ids.push((await dana.post(`/api/districts/${districtId}/schools`, { name })).body.id as string);
  return { dana, districtId, ids };
}

const schoolNames = async (client: TestClient, districtId: string) =>
  ((await client.get(`/api/districts/${districtId}/schools`)).body as { name: string }[]).map((school) => school.name).sort();

describe('an import and the schools made by hand', () => {
  it('links the org to the school of its name, so its coordinator sees the imported students', async () => {
    const { dana, districtId, ids } = await districtWith('  roosevelt   MIDDLE ');
    const [roosevelt] = ids;
    const cora = await signedInTeacher(server.url, 'Cora Coordinator');
    await dana.post(`/api/schools/${roosevelt}/staff`, { email: cora.account.email, role: 'coordinator' });
    const files = oneRoster11({}, 'bulk');

    const dry = await imported(dana, districtId, files, { dryRun: true });
    expect(dry.schoolMatches).toEqual([
      { sourcedId: 's-2', name: 'Roosevelt Middle', candidates: [{ schoolId: roosevelt, name: 'roosevelt   MIDDLE', linked: false }], schoolId: roosevelt, choice: 'matched' },
    ]);
    expect(dry.summary?.schools).toMatchObject({ created: 1 });

    const done = await imported(dana, districtId, files);
    expect(done.status).toBe('done');
    expect(await schoolNames(dana, districtId)).toEqual(['Lincoln Elementary', 'Roosevelt Middle']);
    const students = (await cora.get(`/api/students?schoolId=${roosevelt}`)).body as { name: string }[];
    expect(students.length).toBeGreaterThan(0);

    // Linked for good: the next import changes nothing and asks nothing.
    const again = await imported(dana, districtId, files);
    expect(again.schoolMatches).toEqual([]);
    expect(again.summary?.schools).toMatchObject({ created: 0, updated: 0 });
    expect(await schoolNames(dana, districtId)).toEqual(['Lincoln Elementary', 'Roosevelt Middle']);

    // A delta that names the org without sending orgs.csv again knows it, and writes into the same school.
    const delta = {
      'manifest.csv': 'propertyName,value\noneroster.version,1.1\nfile.users,delta\n',
      'users.csv': `${files['users.csv']!.split('\n')[0]}\nu-s9,active,,true,s-2,student,cnew,,Cleo,Nguyen,,S109,,,,,07,\n`,
    };
    const added = await imported(dana, districtId, delta);
    expect(added).toMatchObject({ status: 'done', errors: [], summary: { students: { created: 1 } } });
    expect(((await cora.get(`/api/students?schoolId=${roosevelt}`)).body as { name: string }[]).map((student) => student.name)).toContain('Cleo N.');
  });

  it('asks the admin when two schools bear the name, refuses the import until then, and takes the choice', async () => {
    const { dana, districtId, ids } = await districtWith('Roosevelt Middle', 'Roosevelt middle');
    const [first, second] = ids;
    const files = oneRoster11({}, 'bulk');

    const dry = await imported(dana, districtId, files, { dryRun: true });
    expect(dry.schoolMatches).toMatchObject([{ sourcedId: 's-2', choice: 'needed', schoolId: null }]);
    expect(dry.schoolMatches[0]?.candidates.map((candidate) => candidate.schoolId).sort()).toEqual([first, second].sort());

    const refused = await imported(dana, districtId, files);
    expect(refused.status).toBe('failed');
    expect(refused.errors).toEqual([{ file: 'orgs.csv', line: null, message: "Choose which of the district’s schools orgs.csv’s 'Roosevelt Middle' is, or a new school: see the dry run" }]);
    expect(await schoolNames(dana, districtId)).toEqual(['Roosevelt Middle', 'Roosevelt middle']);

    const stranger = await upload(dana, districtId, files, { schoolChoices: JSON.stringify({ 's-2': 'not-a-school' }) });
    expect(stranger.status).toBe(400);
    expect(stranger.body.errors).toEqual({ schoolChoices: 'Each choice must be one of this district’s schools, or a new school' });
    expect((await upload(dana, districtId, files, { schoolChoices: '{not json' })).status).toBe(400);

    const chosen = await imported(dana, districtId, files, { schoolChoices: JSON.stringify({ 's-2': second }) });
    expect(chosen.status).toBe('done');
    expect(chosen.schoolMatches).toMatchObject([{ sourcedId: 's-2', schoolId: second, choice: 'chosen' }]);
    expect(await schoolNames(dana, districtId)).toEqual(['Lincoln Elementary', 'Roosevelt Middle', 'Roosevelt Middle']);
    expect(((await dana.get(`/api/students?schoolId=${second}`)).body as unknown[]).length).toBeGreaterThan(0);
    expect((await dana.get(`/api/students?schoolId=${first}`)).body).toEqual([]);
  });
});
