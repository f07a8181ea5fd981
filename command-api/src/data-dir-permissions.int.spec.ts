import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRuntimeConfig } from '@accommodate/shared-events/config/runtime-config';
import { startServer, type RunningServer } from './server.ts';
import { readMailOf, TestClient } from './testing/test-server.ts';

/** Every folder and file under DATA_DIR (itself included) with its permission bits, as 'path 700'. */
function modesUnder(dataDir: string): string[] {
  const modeOf = (file: string) => (fs.lstatSync(file).mode & 0o777).toString(8);
  const entries = fs.readdirSync(dataDir, { recursive: true, encoding: 'utf8' }).map((relative) => path.join(dataDir, relative));
  return [dataDir, ...entries].map((file) => `${path.relative(dataDir, file) || '.'} ${modeOf(file)}`);
}
const isPrivate = (line: string, dataDir: string) => {
  const [relative = '', mode] = line.split(' ');
  return fs.statSync(path.join(dataDir, relative)).isDirectory() ? mode === '700' : mode === '600';
};

describe('DATA_DIR permissions (issue 22)', () => {
  // What a default umask gives any other program: group and others may read (0644 files, 0755 folders).
  const umask = process.umask(0o022);
  const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'accommodate-perm-')), 'data');
  let server: RunningServer;

  beforeAll(async () => {
    // What an older version left: world-readable folders, outbox mail and read models (an empty file is an empty SQLite database).
    fs.mkdirSync(path.join(dataDir, 'outbox'), { recursive: true, mode: 0o755 });
    fs.mkdirSync(path.join(dataDir, 'documents'), { mode: 0o755 });
    fs.writeFileSync(path.join(dataDir, 'outbox', 'old.eml'), 'Subject: old\r\n', { mode: 0o644 });
    fs.writeFileSync(path.join(dataDir, 'read-models.sqlite'), '', { mode: 0o644 });
    const config = loadRuntimeConfig({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', UI_DIST: '/nonexistent' });
    server = await startServer(config, { runProjections: true });
    readMailOf(server);
  });
  afterAll(async () => {
    await server.close();
    process.umask(umask);
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('makes DATA_DIR 0700 and every file in it 0600: what was there at start, and what the app writes since', async () => {
    const atStart = modesUnder(dataDir);
    expect(atStart).toEqual(expect.arrayContaining(['. 700', 'outbox 700', 'outbox/old.eml 600', 'documents 700', 'events.sqlite 600', 'keys.sqlite 600', 'read-models.sqlite 600']));
    expect(atStart.filter((line) => !isPrivate(line, dataDir))).toEqual([]);

    const teacher = new TestClient(server.url);
    await teacher.register();
    const student = await teacher.post('/api/students', { firstName: 'Maya', lastInitial: 'R', grade: '4', status: 'active' });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n%%EOF\n', 'latin1'))]), 'plan.pdf');
    expect((await teacher.request('POST', `/api/students/${student.body.id}/documents`, { rawBody: form })).status).toBe(201);

    const later = modesUnder(dataDir);
    expect(later.some((line) => /^outbox\/.+\.eml 600$/.test(line) && !line.startsWith('outbox/old'))).toBe(true);
    expect(later.filter((line) => /^documents\/.+\.bin/.test(line))).toHaveLength(1);
    expect(later.filter((line) => !isPrivate(line, dataDir))).toEqual([]);
  });
});
