import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { signedInTeacher, testServerForFile, type TestClient } from '../../testing/test-server.ts';
import { jane } from '../../testing/sharing-fixtures.ts';

// bench/findings.md §11: a school's list of students goes gzip-compressed to a client that accepts it (every browser
// does), compressed once per kept list; each caller's list is their own view, compressed bytes included.
const server = testServerForFile();

interface RawAnswer {
  status: number;
  encoding: string | undefined;
  vary: string | undefined;
  /** The bytes as they came over the wire (Node's fetch would decode them). */
  bytes: Buffer;
}

function rawGet(client: TestClient, path: string, acceptEncoding?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Cookie: client.cookie ?? '' };
    if (acceptEncoding !== undefined) headers['Accept-Encoding'] = acceptEncoding;
    const sent = request(new URL(path, server.url), { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, encoding: response.headers['content-encoding'], vary: response.headers.vary, bytes: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end();
  });
}

const BROWSER = 'gzip, deflate, br, zstd';
const decoded = (answer: RawAnswer) => (answer.encoding === 'gzip' ? gunzipSync(answer.bytes) : answer.bytes).toString();
const namesIn = (answer: RawAnswer) => (JSON.parse(decoded(answer)) as { name: string }[]).map((student) => student.name);

/** A district with two schools, each with its coordinator, and `count` students in North. */
async function twoSchools(count: number) {
  const dana = await signedInTeacher(server.url, 'Dana District');
  const districtId = (await dana.post('/api/districts', { name: 'Lakeside USD' })).body.id as string;
  const school = async (name: string) => (await dana.post(`/api/districts/${districtId}/schools`, { name })).body.id as string;
  const northId = await school('North Elementary');
  const southId = await school('South Middle');
  const coordinator = async (schoolId: string, name: string) => {
    const person = await signedInTeacher(server.url, name);
    expect((await dana.post(`/api/schools/${schoolId}/staff`, { email: person.account.email, role: 'coordinator' })).status).toBe(201);
    return person;
  };
  const cora = await coordinator(northId, 'Cora Coordinator');
  const hal = await coordinator(southId, 'Hal Coordinator');
  const ids: string[] = [];
  for (let n = 0; n < count; n++) {
    const created = await cora.post('/api/students', { ...jane, firstName: `North${n}`, schoolId: northId });
    expect(created.status).toBe(201);
    ids.push(created.body.id as string);
  }
  return { dana, northId, southId, cora, hal, ids };
}

describe("a school's list of students, compressed (bench/findings.md §11)", () => {
  it('goes gzip-compressed to a browser, decoding to exactly the plain JSON, and plain to a client that does not ask for it', async () => {
    const { cora, northId } = await twoSchools(8);
    const path = `/api/students?schoolId=${northId}`;
    const plain = await rawGet(cora, path);
    expect(plain).toMatchObject({ status: 200, encoding: undefined, vary: 'Accept-Encoding' });
    expect(plain.bytes.length).toBeGreaterThan(1024);
    expect(namesIn(plain)).toHaveLength(8);

    const compressed = await rawGet(cora, path, BROWSER);
    expect(compressed).toMatchObject({ status: 200, encoding: 'gzip', vary: 'Accept-Encoding' });
    expect(gunzipSync(compressed.bytes).equals(plain.bytes)).toBe(true);
    expect(compressed.bytes.length).toBeLessThan(plain.bytes.length / 2);
    // Refusing gzip (q=0) is honoured, and so is a client asking for identity only.
    expect((await rawGet(cora, path, 'gzip;q=0, identity')).encoding).toBeUndefined();
    expect((await rawGet(cora, path, 'identity')).bytes.equals(plain.bytes)).toBe(true);
  });

  it('answers the change to a student at the next read, compressed afresh', async () => {
    const { cora, northId, ids } = await twoSchools(6);
    const path = `/api/students?schoolId=${northId}`;
    expect(namesIn(await rawGet(cora, path, BROWSER))).toContain('North0 D.');
    const renamed = await cora.put(`/api/students/${ids[0]!}`, { ...jane, firstName: 'Renamed', schoolId: northId });
    expect(renamed.status).toBe(200);
    const after = await rawGet(cora, path, BROWSER);
    expect(after.encoding).toBe('gzip');
    expect(namesIn(after)).toContain('Renamed D.');
    expect(namesIn(after)).not.toContain('North0 D.');
  });

  it("never gives one caller's compressed list to another who sees a different set", async () => {
    const { cora, hal, dana, northId, southId } = await twoSchools(6);
    for (let n = 0; n < 6; n++) expect((await hal.post('/api/students', { ...jane, firstName: `South${n}`, schoolId: southId })).status).toBe(201);
    // Cora's North list is compressed and kept first; then the others read theirs while it is kept.
    const coras = await rawGet(cora, `/api/students?schoolId=${northId}`, BROWSER);
    const hals = await rawGet(hal, `/api/students?schoolId=${southId}`, BROWSER);
    const halsWhole = await rawGet(hal, '/api/students', BROWSER);
    const danas = await rawGet(dana, '/api/students', BROWSER);
    expect(namesIn(coras).every((name) => name.startsWith('North'))).toBe(true);
    expect(namesIn(hals).every((name) => name.startsWith('South'))).toBe(true);
    expect(namesIn(halsWhole).every((name) => name.startsWith('South'))).toBe(true);
    expect(namesIn(danas)).toHaveLength(12);
    expect(hals.bytes.equals(coras.bytes)).toBe(false);
    // Hal asking for North is refused as before, compressed bytes or not.
    expect((await rawGet(hal, `/api/students?schoolId=${northId}`, BROWSER)).status).toBe(404);
  });
});
