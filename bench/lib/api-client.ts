import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { linkMailedAfter } from '../../command-api/src/testing/outbox-mail.ts';

/** A signed-in teacher for the benchmarks: a session cookie and a few calls. */
export interface Teacher {
  id: string;
  email: string;
  cookie: string;
}

export async function call(baseUrl: string, method: string, url: string, cookie: string | null, body?: unknown) {
  const headers: Record<string, string> = {};
  if (cookie) headers.Cookie = cookie;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(baseUrl + url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null, text };
}

/**
 * A new teacher, signed in. Registration answers 202 without a session, so the teacher signs in; given the
 * server's DATA_DIR, the teacher also follows the verification link from its outbox (needed to receive shares).
 */
export async function registerTeacher(baseUrl: string, options: { premium?: boolean; verifyFrom?: string } = {}): Promise<Teacher> {
  const email = `bench-${randomUUID()}@school.test`;
  const password = 'correct horse battery';
  const register = () => call(baseUrl, 'POST', '/api/auth/register', null, { name: 'Bench Teacher', email, password });
  const token = options.verifyFrom ? await linkMailedAfter(options.verifyFrom, email, '/verify-email', register) : null;
  if (!token && (await register()).status !== 202) throw new Error('register did not answer 202');
  const login = await call(baseUrl, 'POST', '/api/auth/login', null, { email, password });
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const teacher = { id: (login.body as { id: string }).id, email, cookie };
  if (token) {
    const verified = await call(baseUrl, 'POST', '/api/auth/verify-email', cookie, { token });
    if (verified.status !== 200) throw new Error(`verification answered ${verified.status}`);
  }
  if (options.premium) {
    const upgraded = await call(baseUrl, 'POST', '/api/upgrade-to-premium', cookie, {});
    if (upgraded.status !== 200) throw new Error(`upgrade answered ${upgraded.status}`);
  }
  return teacher;
}

export const studentForm = (n: number) => ({
  firstName: `Student${n}`,
  lastInitial: 'B',
  grade: String((n % 12) + 1),
  status: 'active',
  accommodationIds: ['template-extended-time'].slice(0, 0),
  parentName: 'Parent Name',
  parentEmail: 'parent@example.test',
  parentNotes: 'Prefers e-mail in the afternoon.',
  notes: '<p>Works best near the front of the room.</p>',
});

export async function addStudent(baseUrl: string, teacher: Teacher, n: number): Promise<{ id: string; revision: number }> {
  const response = await call(baseUrl, 'POST', '/api/students', teacher.cookie, studentForm(n));
  if (response.status !== 201) throw new Error(`add student answered ${response.status}: ${response.text.slice(0, 200)}`);
  return { id: response.body.id as string, revision: response.body.revision as number };
}

export async function putStudent(baseUrl: string, teacher: Teacher, id: string, n: number, ifMatch?: number) {
  const headers: Record<string, string> = { Cookie: teacher.cookie, 'Content-Type': 'application/json' };
  if (ifMatch !== undefined) headers['If-Match'] = `"${ifMatch}"`;
  const response = await fetch(`${baseUrl}/api/students/${id}`, { method: 'PUT', headers, body: JSON.stringify(studentForm(n)) });
  await response.arrayBuffer();
  return response.status;
}

export async function getText(baseUrl: string, url: string, cookie: string): Promise<string> {
  const response = await fetch(baseUrl + url, { headers: { Cookie: cookie } });
  if (response.status !== 200) throw new Error(`GET answered ${response.status}`);
  return response.text();
}

/**
 * The bytes of a GET's body as they come over the wire, and their Content-Encoding: Node's fetch decodes a compressed
 * answer, so this asks with node:http.
 */
export function getOnTheWire(baseUrl: string, url: string, cookie: string | null, acceptEncoding: string): Promise<{ bytes: number; encoding: string | null }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'Accept-Encoding': acceptEncoding, ...(cookie ? { Cookie: cookie } : {}) };
    const sent = request(new URL(url, baseUrl), { headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => {
        if (response.statusCode !== 200) reject(new Error(`GET answered ${response.statusCode ?? 0}`));
        else resolve({ bytes, encoding: response.headers['content-encoding'] ?? null });
      });
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end();
  });
}

/** Runs `work(i)` for i in [0, count) with at most `concurrency` in flight. */
export async function inParallel(count: number, concurrency: number, work: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(concurrency, count) }, async () => {
    while (next < count) await work(next++);
  });
  await Promise.all(lanes);
}
