import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { oneRoster11 } from '@accommodate/shared-events/domain/testing/roster-fixtures';
import { ROSTER_IMPORTS_PER_HOUR, ROSTER_UPLOAD_TOO_LARGE, TOO_MANY_ROSTER_IMPORTS, type RosterImport } from '@accommodate/shared-events/schemas/roster';
import { rosterZip, withDeclaredSizes } from '@accommodate/workers/roster/roster-zip-fixtures';
import { signedInTeacher, testServerForFile } from '../../testing/test-server.ts';

// the size limits: a 200 MB upload is refused with 413, and a zip that would unpack past 256 MB fails its
// import with a clear error. Neither writes anything big to disk: the upload is streamed from one buffer reused.
const server = testServerForFile();
const MiB = 1024 * 1024;

async function district() {
  const dana = await signedInTeacher(server.url, 'Dana District');
  const districtId = (await dana.post('/api/districts', { name: 'Lakeside USD' })).body.id as string;
  return { dana, districtId };
}

/** A multipart upload whose file part is `fileBytes` long, sent as the bytes are made (chunked, no length given). */
function streamUpload(url: string, cookie: string, fileBytes: number): Promise<{ status: number; body: unknown }> {
  const boundary = `roster-${randomUUID()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="oneroster.zip"\r\nContent-Type: application/zip\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(MiB, 0x50);
  async function* body() {
    yield head;
    for (let sent = 0; sent < fileBytes; sent += chunk.length) yield chunk.subarray(0, Math.min(chunk.length, fileBytes - sent));
    yield tail;
  }
  return new Promise((resolve, reject) => {
    let answered = false;
    const upload = request(url, { method: 'POST', headers: { Cookie: cookie, 'Content-Type': `multipart/form-data; boundary=${boundary}` } }, (response) => {
      answered = true;
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(parts).toString('utf8')) as unknown }));
    });
    // The server may close the connection once it has answered, before the client has sent everything.
    upload.on('error', (error) => {
      if (!answered) reject(error);
    });
    Readable.from(body()).on('error', reject).pipe(upload);
  });
}

describe('OneRoster size limits', () => {
  it('refuses an upload over 200 MB with 413 and the one error shape, and still serves the district', async () => {
    const { dana, districtId } = await district();
    const refused = await streamUpload(`${server.url}/api/districts/${districtId}/roster-imports`, dana.cookie!, 200 * MiB + 1);
    expect(refused).toEqual({ status: 413, body: { message: ROSTER_UPLOAD_TOO_LARGE } });
    expect((await dana.get(`/api/districts/${districtId}/schools`)).status).toBe(200);
  }, 60_000);

  it('fails an import whose zip would unpack past 256 MB with a clear error, writing nothing', async () => {
    const { dana, districtId } = await district();
    // users.csv says it unpacks to 300 MB from 2 MB: a ratio CSV reaches, so only the cap refuses it.
    const zip = withDeclaredSizes(rosterZip(oneRoster11()), 'users.csv', { compressed: 2 * MiB, uncompressed: 300 * MiB });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(zip)]), 'oneroster.zip');
    const started = await dana.request('POST', `/api/districts/${districtId}/roster-imports`, { rawBody: form });
    expect(started.status).toBe(202);
    const id = started.body.id as string;
    await expect.poll(async () => (await dana.get(`/api/roster-imports/${id}`)).body.status, { timeout: 20_000, interval: 50 }).toMatch(/done|failed/);
    const finished = (await dana.get(`/api/roster-imports/${id}`)).body as RosterImport;
    expect(finished).toMatchObject({ status: 'failed', summary: null, errors: [{ file: 'zip', line: null, message: 'The zip unpacks to far more than a roster: it was not imported' }] });
    expect((await dana.get(`/api/districts/${districtId}/schools`)).body).toEqual([]);
  });

  it('takes ten uploads a district an hour, then answers 429 with a clear message', async () => {
    const { dana, districtId } = await district();
    const empty = () => {
      const form = new FormData();
      form.append('file', new Blob([]), 'oneroster.zip');
      return dana.request('POST', `/api/districts/${districtId}/roster-imports?dryRun=true`, { rawBody: form });
    };
    for (let n = 0; n < ROSTER_IMPORTS_PER_HOUR; n += 1) expect((await empty()).status).toBe(400);
    const refused = await empty();
    expect(refused).toMatchObject({ status: 429, body: { message: TOO_MANY_ROSTER_IMPORTS } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
