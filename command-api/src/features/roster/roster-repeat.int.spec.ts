import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { oneRoster11 } from '@accommodate/shared-events/domain/testing/roster-fixtures';
import { ROSTER_IMPORT_UNDER_WAY } from '@accommodate/shared-events/domain/roster/roster-import';
import type { RosterImport } from '@accommodate/shared-events/schemas/roster';
import { oneRosterZip, rosterZip } from '@accommodate/workers/roster/roster-zip-fixtures';
import { signedInTeacher, testServerForFile, type TestClient } from '../../testing/test-server.ts';
import { readMailAt } from '../../testing/servers-mail.ts';

// A district's import can be repeated safely: after a kill -9 mid-import, and after a double click on Import.
const server = testServerForFile();
const children: ChildProcess[] = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accommodate-roster-crash-'));
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function upload(client: TestClient, districtId: string, zip: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(zip)]), 'oneroster.zip');
  return client.request('POST', `/api/districts/${districtId}/roster-imports`, { rawBody: form });
}

async function finished(client: TestClient, id: string): Promise<RosterImport> {
  await expect.poll(async () => (await client.get(`/api/roster-imports/${id}`)).body.status, { timeout: 300_000, interval: 100 }).toMatch(/done|failed/);
  return (await client.get(`/api/roster-imports/${id}`)).body as RosterImport;
}

/** What the lists show once the read models have caught up with the import (they may lag it after a restart). */
const studentCount = (client: TestClient, expected: number) =>
  expect.poll(async () => ((await client.get('/api/students')).body as unknown[]).length, { timeout: 120_000, interval: 500 }).toBe(expected);
const classCount = (client: TestClient, expected: number) =>
  expect.poll(async () => ((await client.get('/api/classes')).body as unknown[]).length, { timeout: 120_000, interval: 500 }).toBe(expected);

/** The product as `npm start` runs it, in a child process on the spec's DATA_DIR: what kill -9 can stop mid-import. */
async function startChild(port: number): Promise<{ child: ChildProcess; url: string }> {
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'command-api/src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../../../..'),
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'silent', UI_DIST: '/nonexistent', APP_URL: url },
    stdio: 'ignore',
  });
  children.push(child);
  await expect.poll(async () => (await fetch(`${url}/readyz`).catch(() => null))?.status, { timeout: 120_000, interval: 200 }).toBe(200);
  readMailAt(url, dataDir);
  return { child, url };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe('repeating a roster import', () => {
  it('after a kill -9 in the class phase, resumes into the same records: no student or class twice', async () => {
    // 300 students, then 600 classes: the class phase is most of the import, long enough to be stopped in.
    const { zip } = oneRosterZip({ schools: 3, students: 300, teachers: 12, classes: 600, enrollments: 2_400 });
    const port = await freePort();
    const first = await startChild(port);
    const dana = await signedInTeacher(first.url, 'Dana District');
    const districtId = (await dana.post('/api/districts', { name: 'Lakeside USD' })).body.id as string;
    const started = await upload(dana, districtId, zip);
    expect(started.status).toBe(202);
    const id = started.body.id as string;
    // Past the schools and students: in the class phase.
    await expect.poll(async () => {
      const { status, progress } = (await dana.get(`/api/roster-imports/${id}`)).body as RosterImport;
      return status === 'running' && progress.done > 303 && progress.done < progress.total;
    }, { timeout: 300_000, interval: 20 }).toBe(true);
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));

    await startChild(port);
    expect((await dana.get(`/api/roster-imports/${id}`)).body.status).toBe('running');
    // Importing again while it holds the roster is refused, and resumes the one the crash stopped, with its zip.
    const again = await upload(dana, districtId, zip);
    expect(again).toMatchObject({ status: 409, body: { message: ROSTER_IMPORT_UNDER_WAY } });
    expect(await finished(dana, id)).toMatchObject({ status: 'done', errors: [] });
    await studentCount(dana, 300);
    // The classes are the school's: the admin teaches none of them; the next import finds each of the 600 once.
    await classCount(dana, 0);

    // And a whole new import of the same zip finds everything there.
    const third = await upload(dana, districtId, zip);
    expect(third.status).toBe(202);
    const rerun = await finished(dana, third.body.id as string);
    expect(rerun.summary?.students).toMatchObject({ created: 0, unchanged: 300 });
    expect(rerun.summary?.classes).toMatchObject({ created: 0, unchanged: 600 });
    await studentCount(dana, 300);
  }, 900_000);

  it('answers a double click on Import with one import and a 409: the students are there once', async () => {
    const dana = await signedInTeacher(server.url, 'Dana District');
    const districtId = (await dana.post('/api/districts', { name: 'Lakeside USD' })).body.id as string;
    const zip = rosterZip(oneRoster11());
    const answers = await Promise.all([upload(dana, districtId, zip), upload(dana, districtId, zip)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 409]);
    const accepted = answers.find((answer) => answer.status === 202)!;
    expect(await finished(dana, accepted.body.id as string)).toMatchObject({ status: 'done' });
    await studentCount(dana, 2);
    // Once it has ended the district may import again, into the same records.
    const next = await upload(dana, districtId, zip);
    expect(next.status).toBe(202);
    expect((await finished(dana, next.body.id as string)).summary?.students).toMatchObject({ created: 0 });
    await studentCount(dana, 2);
  }, 300_000);
});
