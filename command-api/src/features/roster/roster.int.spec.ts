import { describe, expect, it } from 'vitest';
import { oneRoster11, oneRoster12, withLines, type RosterFiles } from '@accommodate/shared-events/domain/testing/roster-fixtures';
import { rosterZip } from '@accommodate/workers/roster/roster-zip-fixtures';
import type { RosterImport } from '@accommodate/shared-events/schemas/roster';
import { signedInTeacher, testServerForFile, type TestClient } from '../../testing/test-server.ts';

// A district admin uploads the SIS's OneRoster zip; a job imports it through the same commands as the screens.
const server = testServerForFile();

async function district() {
  const dana = await signedInTeacher(server.url, 'Dana District');
  const districtId = (await dana.post('/api/districts', { name: 'Lakeside USD' })).body.id as string;
  return { dana, districtId };
}

function upload(client: TestClient, districtId: string, zip: Buffer, dryRun = false) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(zip)]), 'oneroster.zip');
  return client.request('POST', `/api/districts/${districtId}/roster-imports${dryRun ? '?dryRun=true' : ''}`, { rawBody: form });
}

/** Uploads and waits for the job to finish, as the progress bar does (each poke refetches the same GET). */
async function imported(client: TestClient, districtId: string, files: RosterFiles, dryRun = false): Promise<RosterImport> {
  const started = await upload(client, districtId, rosterZip(files), dryRun);
  expect(started.status).toBe(202);
  const id = started.body.id as string;
  await expect.poll(async () => (await client.get(`/api/roster-imports/${id}`)).body.status, { timeout: 20_000, interval: 50 }).toMatch(/done|failed/);
  return (await client.get(`/api/roster-imports/${id}`)).body as RosterImport;
}

describe('OneRoster import', () => {
  it('dry-runs without writing, imports schools, staff, students and classes, and a second import changes nothing', async () => {
    const { dana, districtId } = await district();
    const maria = await signedInTeacher(server.url, 'Maria Lopez');
    const files = oneRoster11({}, 'bulk');
    files['users.csv'] = files['users.csv']!.replace('Maria.Lopez@lakeside.test', maria.account.email);

    const dry = await imported(dana, districtId, files, true);
    expect(dry).toMatchObject({ status: 'done', dryRun: true, errors: [], summary: { schools: { created: 2 }, students: { created: 2 }, classes: { created: 2 } } });
    expect(dry.warnings).toEqual([{ file: 'users.csv', line: 6, message: 'role guardian is not imported' }]);
    expect((await dana.get(`/api/districts/${districtId}/schools`)).body).toEqual([]);

    const done = await imported(dana, districtId, files);
    expect(done).toMatchObject({ status: 'done', progress: { done: done.progress.total }, summary: { schools: { created: 2 }, staff: { created: 2 }, students: { created: 2 }, classes: { created: 2 }, enrollments: { created: 3 } } });
    expect((await dana.get(`/api/districts/${districtId}/schools`)).body.map((school: { name: string }) => school.name)).toEqual(['Lincoln Elementary', 'Roosevelt Middle']);
    // Maria's account proved the address the SIS has for her: she teaches Algebra at once and sees its roster.
    const classes = (await maria.get('/api/classes')).body as { id: string; name: string; termStart: string | null }[];
    expect(classes.map(({ name, termStart }) => ({ name, termStart }))).toEqual([{ name: 'Algebra I - P3', termStart: '2026-08-20' }]);
    const roster = (await maria.get(`/api/classes/${classes[0]!.id}/roster`)).body as { student: { name: string; grade: string } }[];
    expect(roster).toMatchObject([{ student: { name: 'Ava M.', grade: '8' } }]);

    const again = await imported(dana, districtId, files);
    for (const tally of Object.values(again.summary ?? {})) expect(tally).toMatchObject({ created: 0, updated: 0, deactivated: 0 });
    expect(again.warnings).toEqual(dry.warnings);
    expect(again.summary?.classes).toMatchObject({ unchanged: 2 });

    // The SIS renames a school: the next import renames it in place.
    const renamed = await imported(dana, districtId, { ...files, 'orgs.csv': files['orgs.csv']!.replace('Roosevelt Middle', 'Roosevelt Middle School') });
    expect(renamed.summary?.schools).toEqual({ created: 0, updated: 1, deactivated: 0, unchanged: 1 });
    expect((await dana.get(`/api/districts/${districtId}/schools`)).body.map((school: { name: string }) => school.name)).toEqual(['Lincoln Elementary', 'Roosevelt Middle School']);
  });

  it('deactivates a student a bulk file leaves out, never erasing them: their plan stays, and they return when the SIS lists them again', async () => {
    const { dana, districtId } = await district();
    await imported(dana, districtId, oneRoster11());
    const students = (await dana.get('/api/students')).body as { id: string; name: string; status: string }[];
    const ava = students.find((student) => student.name === 'Ava M.')!;
    expect((await dana.post(`/api/students/${ava.id}/plans`, { startDate: '2026-09-01', reviewDate: '2027-06-01', status: 'active' })).status).toBe(201);
    const files = oneRoster11();
    const withoutAva = { ...files, 'users.csv': files['users.csv']!.replace(/\nu-s1,[^\n]*/, ''), 'enrollments.csv': files['enrollments.csv']!.replace(/\ne-2,[^\n]*/, '') };
    const gone = await imported(dana, districtId, withoutAva);
    expect(gone.summary?.students).toEqual({ created: 0, updated: 0, deactivated: 1, unchanged: 1 });
    expect((await dana.get(`/api/students/${ava.id}`)).body).toMatchObject({ firstName: 'Ava', status: 'inactive' });
    expect(((await dana.get('/api/plans')).body as { studentId: string }[]).filter((plan) => plan.studentId === ava.id)).toHaveLength(1);
    const back = await imported(dana, districtId, files);
    expect(back.summary?.students).toMatchObject({ created: 0, updated: 1 });
    expect((await dana.get(`/api/students/${ava.id}`)).body).toMatchObject({ status: 'active' });
  });

  it('takes a teacher the SIS no longer names off the class, and the students with it: bulk, then delta', async () => {
    const { dana, districtId } = await district();
    const maria = await signedInTeacher(server.url, 'Maria Lopez');
    const files = oneRoster11();
    files['users.csv'] = files['users.csv']!.replace('Maria.Lopez@lakeside.test', maria.account.email);
    await imported(dana, districtId, files);
    const teaches = async () => ((await maria.get('/api/classes')).body as { name: string }[]).map((each) => each.name);
    const seesAva = async () => ((await maria.get('/api/students')).body as { name: string }[]).some((student) => student.name === 'Ava M.');
    expect(await teaches()).toEqual(['Algebra I - P3']);
    expect(await seesAva()).toBe(true);

    const withoutMaria = { ...files, 'enrollments.csv': files['enrollments.csv']!.replace(/\ne-1,[^\n]*/, '') };
    expect((await imported(dana, districtId, withoutMaria, true)).summary?.enrollments).toMatchObject({ deactivated: 1 });
    expect(await teaches()).toEqual(['Algebra I - P3']);
    expect((await imported(dana, districtId, withoutMaria)).summary?.enrollments).toMatchObject({ deactivated: 1 });
    expect(await teaches()).toEqual([]);
    expect(await seesAva()).toBe(false);

    expect((await imported(dana, districtId, files)).summary?.enrollments).toMatchObject({ created: 1 });
    expect(await teaches()).toEqual(['Algebra I - P3']);
    // A delta sends only the enrollment that ends, not Maria's users.csv row.
    const delta = {
      'manifest.csv': 'propertyName,value\noneroster.version,1.1\nfile.enrollments,delta\n',
      'enrollments.csv': 'sourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role,primary,beginDate,endDate\ne-1,tobedeleted,2026-09-01,c-1,s-2,u-t1,teacher,true,,\n',
    };
    const ended = await imported(dana, districtId, delta);
    expect(ended).toMatchObject({ status: 'done', errors: [], summary: { enrollments: { deactivated: 1 } } });
    expect(await teaches()).toEqual([]);
    expect(await seesAva()).toBe(false);
  });

  it('takes a teacher the SIS removes off their classes though the delta sends only their users.csv row, and a re-import changes nothing', async () => {
    const { dana, districtId } = await district();
    const maria = await signedInTeacher(server.url, 'Maria Lopez');
    const files = oneRoster11();
    files['users.csv'] = files['users.csv']!.replace('Maria.Lopez@lakeside.test', maria.account.email);
    await imported(dana, districtId, files);
    const seesAva = async () => ((await maria.get('/api/students')).body as { name: string }[]).some((student) => student.name === 'Ava M.');
    const algebra = ((await maria.get('/api/classes')).body as { id: string }[])[0]!.id;
    expect(await seesAva()).toBe(true);

    const leaves = {
      'manifest.csv': 'propertyName,value\noneroster.version,1.1\nfile.users,delta\n',
      'users.csv': 'sourcedId,status,dateLastModified,orgSourcedIds,role,givenName,familyName,grades\nu-t1,tobedeleted,2026-09-01,,,,,\n',
    };
    expect((await imported(dana, districtId, leaves, true)).summary).toMatchObject({ staff: { deactivated: 1 }, enrollments: { deactivated: 1 } });
    expect(await seesAva()).toBe(true);
    const left = await imported(dana, districtId, leaves);
    expect(left).toMatchObject({ status: 'done', errors: [], summary: { staff: { deactivated: 1 }, enrollments: { deactivated: 1 } } });
    expect((await maria.get('/api/classes')).body).toEqual([]);
    expect((await maria.get(`/api/classes/${algebra}/roster`)).status).toBe(404);
    expect(await seesAva()).toBe(false);
    expect((await dana.get(`/api/classes/${algebra}/roster`)).body).toMatchObject([{ student: { name: 'Ava M.' } }]);

    const again = await imported(dana, districtId, leaves);
    for (const tally of Object.values(again.summary ?? {})) expect(tally).toMatchObject({ created: 0, updated: 0, deactivated: 0 });
    expect(await seesAva()).toBe(false);
  });

  it('hands the students a teacher owns to the school when the SIS removes the teacher, as removing them by hand does', async () => {
    const { dana, districtId } = await district();
    const [maria, cora] = [await signedInTeacher(server.url, 'Maria Lopez'), await signedInTeacher(server.url, 'Cora Coordinator')];
    const files = oneRoster11();
    files['users.csv'] = files['users.csv']!.replace('Maria.Lopez@lakeside.test', maria.account.email);
    await imported(dana, districtId, files);
    const schools = (await dana.get(`/api/districts/${districtId}/schools`)).body as { id: string; name: string }[];
    const roosevelt = schools.find((school) => school.name === 'Roosevelt Middle')!.id;
    expect((await dana.post(`/api/schools/${roosevelt}/staff`, { email: cora.account.email, role: 'coordinator' })).status).toBe(201);
    // Maria adds a student of her own to her school: the SIS does not list them, the school keeps them.
    const zoe = (await maria.post('/api/students', { firstName: 'Zoe', lastInitial: 'Q', grade: '8', status: 'active', accommodationIds: [], schoolId: roosevelt })).body.id as string;
    expect((await cora.get(`/api/students/${zoe}`)).body.access).not.toBe('owner');

    const withoutMaria = { ...files, 'users.csv': files['users.csv'].replace(/\nu-t1,[^\n]*/, ''), 'enrollments.csv': files['enrollments.csv']!.replace(/\ne-1,[^\n]*/, '') };
    expect((await imported(dana, districtId, withoutMaria, true)).summary?.staff).toMatchObject({ deactivated: 1 });
    expect((await maria.get(`/api/students/${zoe}`)).body.access).toBe('owner');
    expect((await imported(dana, districtId, withoutMaria)).summary?.staff).toMatchObject({ deactivated: 1 });
    expect((await maria.get(`/api/students/${zoe}`)).status).toBe(404);
    expect((await cora.get(`/api/students/${zoe}`)).body.access).toBe('owner');
    const history = (await cora.get(`/api/students/${zoe}/history`)).body as { kind: string; changes: { field: string; before: unknown; after: unknown }[] }[];
    expect(history.find((entry) => entry.kind === 'Owner changed (left the school)')?.changes).toEqual([{ field: 'owner', before: 'Maria Lopez', after: 'Cora Coordinator' }]);
  });

  it('stops before any write when a file is invalid, listing every error by file and line', async () => {
    const { dana, districtId } = await district();
    const files = withLines(oneRoster12(), 'enrollments.csv', 'e-14,active,,c-991,s-2,u-s1,student,false,,');
    const failed = await imported(dana, districtId, files);
    expect(failed).toMatchObject({ status: 'failed', summary: null, errors: [{ file: 'enrollments.csv', line: 5, message: 'classSourcedId c-991 is not in classes.csv' }] });
    expect((await dana.get(`/api/districts/${districtId}/schools`)).body).toEqual([]);
    const notZip = await upload(dana, districtId, Buffer.from('sourcedId,name\n'));
    const id = notZip.body.id as string;
    await expect.poll(async () => (await dana.get(`/api/roster-imports/${id}`)).body.status, { timeout: 20_000, interval: 50 }).toBe('failed');
    expect((await dana.get(`/api/roster-imports/${id}`)).body.errors).toEqual([{ file: 'zip', line: null, message: 'The file is not a zip archive that can be read' }]);
  });

  it('pokes the district admin’s sockets as the import moves, so the progress bar refetches', async () => {
    const { dana, districtId } = await district();
    const socket = await dana.openSocket();
    try {
      const pokes: { entity: string; id: string }[] = [];
      socket.on('change', (change: { entity: string; id: string }) => pokes.push(change));
      const done = await imported(dana, districtId, oneRoster12());
      await expect.poll(() => pokes.filter((poke) => poke.entity === 'rosterImport' && poke.id === done.id).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    } finally {
      socket.disconnect();
    }
  });

  it('is the district admins’ alone: to anyone else the district and its imports are not found', async () => {
    const { dana, districtId } = await district();
    const done = await imported(dana, districtId, oneRoster12(), true);
    const stranger = await signedInTeacher(server.url, 'Sam Stranger');
    expect((await upload(stranger, districtId, rosterZip(oneRoster12()))).status).toBe(404);
    expect((await stranger.get(`/api/roster-imports/${done.id}`)).status).toBe(404);
    expect((await upload(dana, districtId, Buffer.alloc(0))).body).toMatchObject({ message: 'Choose the OneRoster zip to import' });
  });
});
