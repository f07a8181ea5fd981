import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '@accommodate/shared-events/schemas/document';
import type { ChangeMessage } from '@accommodate/shared-events/schemas/change-message';
import { TestClient, testServerForFile } from '../../testing/test-server.ts';
import { openSocket, waitFor } from '../../testing/sharing-fixtures.ts';

const server = testServerForFile();

/** Every byte value, in a fixed order: binary content that must survive the round trip unchanged. */
const binary = (length: number) => Buffer.from(Array.from({ length }, (_, i) => (i * 131 + 7) % 256));
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1'), binary(2048), Buffer.from('\n%%EOF\n')]);
/** A real 1×1 PNG: random bytes after the signature can make chunk parsing give up. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const EXE = Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000b800000000000000400000', 'hex'), binary(512)]);
const DOC = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), binary(1024)]);

/** A minimal stored (uncompressed) ZIP, enough for a .docx to be recognised by its content. */
function storedZip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const fileName = Buffer.from(name);
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const DOCX = storedZip({
  '[Content_Types].xml':
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  'word/document.xml': '<w:document/>',
});

async function teacherWithStudent() {
  const client = new TestClient(server.url);
  await client.register();
  const student = await client.post('/api/students', { firstName: 'Ana', lastInitial: 'R', grade: '2', status: 'active' });
  return { client, studentId: student.body.id as string };
}

const upload = (client: TestClient, studentId: string, bytes: Buffer, fileName: string, field = 'file') => {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)]), fileName);
  return client.request('POST', `/api/students/${studentId}/documents`, { rawBody: form });
};

const download = (client: TestClient, documentId: string) =>
  fetch(`${server.url}/api/documents/${documentId}/download`, { headers: client.cookie ? { Cookie: client.cookie } : {} });

describe('documents API', () => {
  it('uploads a PDF, lists it, and gives it back byte for byte', async () => {
    const { client, studentId } = await teacherWithStudent();
    const uploaded = await upload(client, studentId, PDF, 'Évaluation 504.pdf');
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toEqual({
      id: expect.any(String),
      studentId,
      name: 'Évaluation 504.pdf',
      type: 'PDF',
      mimeType: 'application/pdf',
      size: PDF.length,
      createdAt: expect.stringMatching(/^\d{4}-/),
    });

    const listed = await client.get(`/api/students/${studentId}/documents`);
    expect(listed.body).toEqual([uploaded.body]);

    const response = await download(client, uploaded.body.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="_valuation 504.pdf"; filename*=UTF-8''%C3%89valuation%20504.pdf`,
    );
    expect(Buffer.from(await response.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('judges the type by content, not by name, and accepts images and Word files', async () => {
    const { client, studentId } = await teacherWithStudent();
    const png = await upload(client, studentId, PNG, 'scan.pdf');
    expect(png.body).toMatchObject({ type: 'Image', mimeType: 'image/png' });
    const doc = await upload(client, studentId, DOC, 'old-plan.doc');
    expect(doc.body).toMatchObject({ type: 'Word', mimeType: 'application/msword' });
    const docx = await upload(client, studentId, DOCX, 'plan.docx');
    expect(docx.status).toBe(201);
    expect(docx.body).toMatchObject({ type: 'Word', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
    const back = await download(client, docx.body.id);
    expect(Buffer.from(await back.arrayBuffer()).equals(DOCX)).toBe(true);
    expect((await client.get(`/api/students/${studentId}/documents`)).body).toHaveLength(3);
  });

  it('refuses a program renamed to .pdf with 415, and stores nothing', async () => {
    const { client, studentId } = await teacherWithStudent();
    const folder = path.join(server.dataDir, 'documents');
    const storedFiles = () => (fs.existsSync(folder) ? fs.readdirSync(folder) : []).sort();
    const before = storedFiles();
    const refused = await upload(client, studentId, EXE, 'report.pdf');
    expect(refused.status).toBe(415);
    expect(refused.body).toEqual({ message: 'Only PDF, image and Word files can be uploaded' });
    expect((await client.get(`/api/students/${studentId}/documents`)).body).toEqual([]);
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const { client, studentId } = await teacherWithStudent();
    const big = Buffer.concat([PDF, Buffer.alloc(MAX_DOCUMENT_BYTES)]);
    const refused = await upload(client, studentId, big, 'huge.pdf');
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual({ message: 'The file is larger than 10 MB' });
  });

  it('asks for a file when none is sent', async () => {
    const { client, studentId } = await teacherWithStudent();
    const missing = await upload(client, studentId, PDF, 'x.pdf', 'attachment');
    expect(missing.status).toBe(400);
    const none = await client.request('POST', `/api/students/${studentId}/documents`, { rawBody: new FormData() });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Choose a file to upload');
  });

  it('answers a broken multipart body with 400, not a server error', async () => {
    const { client, studentId } = await teacherWithStudent();
    const truncated = await client.request('POST', `/api/students/${studentId}/documents`, {
      headers: { 'Content-Type': 'multipart/form-data; boundary=XYZ' },
      rawBody: '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 trunc',
    });
    expect(truncated.status).toBe(400);
    expect(truncated.body).toEqual({ message: 'The upload could not be read. Please choose the file again.' });
  });

  it('keeps documents private to those who may see the student, and deletes them with the student', async () => {
    const { client, studentId } = await teacherWithStudent();
    const uploaded = await upload(client, studentId, PDF, 'plan.pdf');
    const stranger = new TestClient(server.url);
    await stranger.register();
    expect((await upload(stranger, studentId, PDF, 'intruder.pdf')).status).toBe(404);
    expect((await stranger.get(`/api/students/${studentId}/documents`)).status).toBe(404);
    const denied = await download(stranger, uploaded.body.id);
    expect(denied.status).toBe(404);
    expect(await denied.json()).toEqual({ message: 'Document not found' });
    expect((await download(new TestClient(server.url), uploaded.body.id)).status).toBe(401);

    const student = await client.get(`/api/students/${studentId}`);
    expect((await client.delete(`/api/students/${studentId}`, { 'If-Match': student.headers.get('etag')! })).status).toBe(204);
    expect((await download(client, uploaded.body.id)).status).toBe(404);
    expect(fs.existsSync(path.join(server.dataDir, 'documents', `${uploaded.body.id}.bin`))).toBe(false);
  });

  describe('deleting a document', () => {
    const storedFile = (documentId: string) => path.join(server.dataDir, 'documents', `${documentId}.bin`);

    it('drops it from the list, removes its bytes, and keeps it in the history and the access log by name', async () => {
      const { client, studentId } = await teacherWithStudent();
      const kept = await upload(client, studentId, PNG, 'scan.png');
      const uploaded = await upload(client, studentId, PDF, 'IEP-2026.pdf');
      expect((await download(client, uploaded.body.id)).status).toBe(200);
      expect(fs.existsSync(storedFile(uploaded.body.id))).toBe(true);

      const deleted = await client.delete(`/api/documents/${uploaded.body.id}`, { 'If-Match': '"0"' });
      expect(deleted.status).toBe(204);

      expect((await client.get(`/api/students/${studentId}/documents`)).body).toEqual([kept.body]);
      expect((await download(client, uploaded.body.id)).status).toBe(404);
      expect(fs.existsSync(storedFile(uploaded.body.id))).toBe(false);
      expect((await client.delete(`/api/documents/${uploaded.body.id}`)).status).toBe(404);

      const history = await client.get(`/api/students/${studentId}/history`);
      expect(history.body[0]).toMatchObject({ kind: 'Document deleted', entity: 'document', changes: [{ field: 'name', before: 'IEP-2026.pdf', after: null }] });
      const log = await client.get(`/api/students/${studentId}/access-log`);
      const entries = log.body.map((entry: { action: string; what: string }) => `${entry.action}: ${entry.what}`);
      expect(entries).toContain('delete: Document: IEP-2026.pdf');
      expect(entries).toContain('download: Document: IEP-2026.pdf');
      expect(entries.join('\n')).not.toContain(uploaded.body.id);
    });

    it('refuses a stale If-Match with 412 and keeps the document', async () => {
      const { client, studentId } = await teacherWithStudent();
      const uploaded = await upload(client, studentId, PDF, 'plan.pdf');
      expect((await client.delete(`/api/documents/${uploaded.body.id}`, { 'If-Match': '"3"' })).status).toBe(412);
      expect((await client.get(`/api/students/${studentId}/documents`)).body).toHaveLength(1);
      expect(fs.existsSync(storedFile(uploaded.body.id))).toBe(true);
    });

    it('tells the other viewers live, through the same poke as an upload', async () => {
      const { client: owner, studentId } = await teacherWithStudent();
      const coTeacher = new TestClient(server.url);
      const account = await coTeacher.register('Cole Colleague');
      expect((await owner.post(`/api/students/${studentId}/shares`, { email: account.email, role: 'co-teacher' })).status).toBe(201);
      const uploaded = await upload(owner, studentId, PDF, 'plan.pdf');
      const socket = await openSocket(coTeacher);
      try {
        const pokes: ChangeMessage[] = [];
        socket.on('change', (message: ChangeMessage) => void pokes.push(message));
        expect((await owner.delete(`/api/documents/${uploaded.body.id}`)).status).toBe(204);
        await waitFor(() => pokes.some((poke) => poke.entity === 'document' && poke.id === uploaded.body.id));
        expect(pokes.find((poke) => poke.id === uploaded.body.id)).toMatchObject({ studentId, revision: 1 });
        expect((await coTeacher.get(`/api/students/${studentId}/documents`)).body).toEqual([]);
      } finally {
        socket.close();
      }
    });
  });
});
