import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { loadRuntimeConfig } from '@accommodate/shared-events/config/runtime-config';
import { startServer, type RunningServer } from '../../server.ts';
import { readMailOf, TestClient } from '../../testing/test-server.ts';
import { uploadsInFlight } from '../../shared/uploads-in-flight.ts';

const PDF = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n%%EOF\n', 'latin1');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accommodate-leftovers-'));
const documentsDir = path.join(dataDir, 'documents');
const filesInDocuments = () => fs.readdirSync(documentsDir).sort();
/** What kill -9 leaves of a write cut short: the filesystem store's temporary file for the id. */
const unfinishedWriteOf = (id: string) => `.${id}.${randomUUID()}.tmp`;

const running: RunningServer[] = [];
async function start(): Promise<RunningServer> {
  const server = await startServer(loadRuntimeConfig({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', UI_DIST: '/nonexistent' }), { runProjections: true });
  readMailOf(server);
  running.push(server);
  return server;
}
afterAll(async () => {
  for (const server of running.splice(0)) await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function teacherWithStudent(server: RunningServer) {
  const teacher = new TestClient(server.url);
  await teacher.register();
  const student = await teacher.post('/api/students', { firstName: 'Maya', lastInitial: 'R', grade: '4', status: 'active' });
  const upload = async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PDF)]), 'plan.pdf');
    const response = await teacher.request('POST', `/api/students/${student.body.id}/documents`, { rawBody: form });
    expect(response.status).toBe(201);
    return response.body.id as string;
  };
  return { teacher, studentId: student.body.id as string, upload };
}

describe('document bytes left by a crash (issue 22)', () => {
  it('are removed at start: unfinished writes and bytes no document names; the documents people have stay', async () => {
    const first = await start();
    const { teacher, upload } = await teacherWithStudent(first);
    const kept = await upload();
    await first.close();
    running.pop();
    // As kill -9 left them: bytes whose event never reached the log, and writes cut short.
    const orphan = randomUUID();
    fs.writeFileSync(path.join(documentsDir, `${orphan}.bin`), PDF);
    const unfinished = [unfinishedWriteOf(orphan), unfinishedWriteOf(randomUUID())];
    for (const name of unfinished) fs.writeFileSync(path.join(documentsDir, name), PDF.subarray(0, 8));

    const second = await start();
    await second.documentLeftovers;
    expect(filesInDocuments()).toEqual([`${kept}.bin`]);
    const signedIn = new TestClient(second.url);
    signedIn.cookie = teacher.cookie;
    const download = await signedIn.get(`/api/documents/${kept}/download`);
    expect(download.status).toBe(200);
  });

  it('are all removed when the student is erased: stored, unfinished, and uploaded but not yet in the log', async () => {
    const server = running[0] ?? (await start());
    await server.documentLeftovers;
    const { teacher, studentId, upload } = await teacherWithStudent(server);
    const stored = await upload();
    fs.writeFileSync(path.join(documentsDir, unfinishedWriteOf(stored)), PDF.subarray(0, 8));
    // An upload whose bytes are written and whose event is still to be appended.
    const inFlight = randomUUID();
    uploadsInFlight.begin(studentId, inFlight);
    await server.context.blobs.put(inFlight, PDF);
    const before = filesInDocuments();
    expect(before.filter((name) => name.includes(stored) || name.includes(inFlight))).toHaveLength(3);

    const student = await teacher.get(`/api/students/${studentId}`);
    expect((await teacher.delete(`/api/students/${studentId}`, { 'If-Match': student.headers.get('etag')! })).status).toBe(204);
    uploadsInFlight.end(studentId, inFlight);
    expect(filesInDocuments().filter((name) => name.includes(stored) || name.includes(inFlight))).toEqual([]);
  });
});
