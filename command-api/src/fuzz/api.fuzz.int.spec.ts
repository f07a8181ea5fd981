import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestClient } from '../testing/test-server.ts';

/**
 * Property-based fuzzing of every API route (docs/api.md and the routers): malformed
 * bodies, wrong types, huge and unicode strings, missing fields, bad ids, bad cookies
 * and bad If-Match values. Whatever comes in, the server answers — never with a 5xx,
 * never by hanging — and every 4xx carries the one error shape with a readable message.
 */

const REQUESTS = 10_000;
const CONCURRENCY = 24;
const TIMEOUT_MS = 10_000;
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Endpoint {
  method: Method;
  path: string;
  /** Fields of the body the route reads, so the generator can send them with wrong values. */
  fields?: string[];
  /** Ends the session or the account: never sent with a real session, or the run would sign itself out. */
  endsSession?: boolean;
  multipart?: boolean;
}

const STUDENT_FIELDS = ['firstName', 'lastInitial', 'grade', 'status', 'accommodationIds', 'birthdate', 'parentName', 'parentEmail', 'parentNotes', 'notes', 'schoolId'];
const PLAN_FIELDS = ['startDate', 'reviewDate', 'status', 'meetingDate', 'caseManager'];
const ACCOMMODATION_FIELDS = ['name', 'category', 'description', 'appliesToTests'];

const ENDPOINTS: Endpoint[] = [
  { method: 'POST', path: '/api/auth/register', fields: ['name', 'email', 'password'] },
  { method: 'POST', path: '/api/auth/login', fields: ['email', 'password', 'code'] },
  { method: 'POST', path: '/api/auth/logout', endsSession: true },
  { method: 'GET', path: '/api/login' },
  { method: 'GET', path: '/api/logout', endsSession: true },
  { method: 'GET', path: '/api/auth/user' },
  { method: 'GET', path: '/api/auth/me' },
  { method: 'PUT', path: '/api/settings', fields: ['name', 'email', 'emailNotifications', 'currentPassword'] },
  { method: 'POST', path: '/api/auth/verify-email', fields: ['token'] },
  { method: 'POST', path: '/api/auth/verify-email/resend' },
  { method: 'POST', path: '/api/auth/forgot-password', fields: ['email'] },
  { method: 'POST', path: '/api/auth/reset-password', fields: ['token', 'newPassword', 'confirmPassword'], endsSession: true },
  { method: 'POST', path: '/api/auth/update-password', fields: ['currentPassword', 'newPassword', 'confirmPassword'], endsSession: true },
  { method: 'POST', path: '/api/upgrade-to-premium' },
  { method: 'POST', path: '/api/cancel-premium' },
  { method: 'GET', path: '/api/auth/2fa' },
  { method: 'POST', path: '/api/auth/2fa/setup' },
  { method: 'POST', path: '/api/auth/2fa/enable', fields: ['code'] },
  { method: 'POST', path: '/api/auth/2fa/disable', fields: ['password', 'code'] },
  { method: 'GET', path: '/api/auth/sessions' },
  { method: 'DELETE', path: '/api/auth/sessions/:session' },
  { method: 'DELETE', path: '/api/auth/sessions', endsSession: true },
  { method: 'GET', path: '/api/account/deletion-preview' },
  { method: 'DELETE', path: '/api/account', fields: ['password', 'confirm'], endsSession: true },
  { method: 'GET', path: '/api/accommodations/defaults' },
  { method: 'POST', path: '/api/accommodations', fields: ACCOMMODATION_FIELDS },
  { method: 'PATCH', path: '/api/accommodations/:accommodation', fields: ACCOMMODATION_FIELDS },
  { method: 'DELETE', path: '/api/accommodations/:accommodation' },
  { method: 'GET', path: '/api/students' },
  { method: 'GET', path: '/api/students/accommodations/all' },
  { method: 'GET', path: '/api/students/:student' },
  { method: 'POST', path: '/api/students', fields: STUDENT_FIELDS },
  { method: 'PUT', path: '/api/students/:student', fields: STUDENT_FIELDS },
  { method: 'DELETE', path: '/api/students/:student' },
  { method: 'GET', path: '/api/students/:student/accommodations' },
  { method: 'GET', path: '/api/students/:student/accommodations.pdf' },
  { method: 'GET', path: '/api/students/:student/suggestions' },
  { method: 'GET', path: '/api/students/:student/documents' },
  { method: 'POST', path: '/api/students/:student/documents', multipart: true },
  { method: 'GET', path: '/api/documents/:document/download' },
  { method: 'DELETE', path: '/api/documents/:document' },
  { method: 'GET', path: '/api/students/:student/history' },
  { method: 'GET', path: '/api/students/:student/access-log' },
  { method: 'POST', path: '/api/students/:student/access-log/print' },
  { method: 'GET', path: '/api/students/:student/records.json' },
  { method: 'GET', path: '/api/students/:student/records.pdf' },
  { method: 'GET', path: '/api/students/:student/hearing-packet.pdf' },
  { method: 'GET', path: '/api/students/:student/shares' },
  { method: 'POST', path: '/api/students/:student/shares', fields: ['email', 'role', 'expiresAt', 'userId'] },
  { method: 'DELETE', path: '/api/students/:student/shares/:share' },
  { method: 'POST', path: '/api/shares', fields: ['email', 'studentIds', 'role'] },
  { method: 'GET', path: '/api/sub-plan' },
  { method: 'GET', path: '/api/sub-plan/classes' },
  { method: 'GET', path: '/api/accommodations/usage' },
  { method: 'POST', path: '/api/accommodations/usage/print' },
  { method: 'GET', path: '/api/students/compare' },
  { method: 'POST', path: '/api/classes', fields: ['name', 'period', 'subject', 'room', 'termStart', 'termEnd', 'schoolId'] },
  { method: 'GET', path: '/api/classes' },
  { method: 'GET', path: '/api/classes/:class' },
  { method: 'PATCH', path: '/api/classes/:class', fields: ['name', 'period', 'subject', 'room', 'termStart', 'termEnd'] },
  { method: 'DELETE', path: '/api/classes/:class' },
  { method: 'PUT', path: '/api/classes/:class/students', fields: ['studentIds'] },
  { method: 'POST', path: '/api/classes/:class/teachers', fields: ['email'] },
  { method: 'DELETE', path: '/api/classes/:class/teachers/:staff' },
  { method: 'GET', path: '/api/classes/:class/roster' },
  { method: 'POST', path: '/api/classes/:class/roster/print' },
  { method: 'GET', path: '/api/districts' },
  { method: 'POST', path: '/api/districts', fields: ['name'] },
  { method: 'GET', path: '/api/districts/:district' },
  { method: 'POST', path: '/api/districts/:district/admins', fields: ['email'] },
  { method: 'GET', path: '/api/districts/:district/schools' },
  { method: 'POST', path: '/api/districts/:district/schools', fields: ['name'] },
  { method: 'GET', path: '/api/schools' },
  { method: 'GET', path: '/api/schools/:school/staff' },
  { method: 'PUT', path: '/api/students/:student/case-manager', fields: ['userId'] },
  { method: 'POST', path: '/api/students/:student/transfer', fields: ['schoolId'] },
  { method: 'POST', path: '/api/schools/:school/rollover', fields: ['schoolYear', 'dryRun', 'highestGrade'] },
  // Retention and leaving the product; the erasure is never confirmed by a wrong value.
  { method: 'GET', path: '/api/districts/:district/sso' },
  { method: 'PUT', path: '/api/districts/:district/sso', fields: ['issuer', 'clientId', 'clientSecret', 'emailDomains', 'required'] },
  { method: 'POST', path: '/api/districts/:district/sso/domains/:domain/verify' },
  { method: 'DELETE', path: '/api/districts/:district/sso' },
  { method: 'GET', path: '/api/auth/sso/discover?email=x' },
  { method: 'GET', path: '/api/roster-imports/:token' },
  { method: 'GET', path: '/api/districts/:district/retention' },
  { method: 'PUT', path: '/api/districts/:district/retention', fields: ['yearsAfterLeaving'] },
  { method: 'GET', path: '/api/districts/:district/retention/due' },
  { method: 'GET', path: '/api/districts/:district/time-zone' },
  { method: 'PUT', path: '/api/districts/:district/time-zone', fields: ['timeZone'] },
  { method: 'GET', path: '/api/districts/:district/non-school-days' },
  { method: 'PUT', path: '/api/districts/:district/non-school-days', fields: ['dates'] },
  { method: 'GET', path: '/api/schools/:school/follow-through' },
  { method: 'DELETE', path: '/api/schools/:school' },
  { method: 'PUT', path: '/api/students/:student/legal-hold', fields: ['reason'] },
  { method: 'DELETE', path: '/api/students/:student/legal-hold' },
  { method: 'POST', path: '/api/districts/:district/export' },
  { method: 'POST', path: '/api/districts/:district/export-link' },
  { method: 'GET', path: '/api/districts/:district/export/:token' },
  { method: 'POST', path: '/api/districts/:district/erase', fields: ['confirmName'] },
  { method: 'GET', path: '/api/district-erasures/:district' },
  { method: 'PATCH', path: '/api/schools/:school', fields: ['name'] },
  { method: 'POST', path: '/api/schools/:school/staff', fields: ['email', 'role'] },
  { method: 'PATCH', path: '/api/schools/:school/staff/:staff', fields: ['role'] },
  { method: 'DELETE', path: '/api/schools/:school/staff/:staff' },
  { method: 'POST', path: '/api/students/:student/implementation-log', fields: ['date', 'accommodationId', 'outcome', 'note'] },
  { method: 'GET', path: '/api/students/:student/implementation-log' },
  { method: 'GET', path: '/api/classes/:class/implementation-log' },
  { method: 'GET', path: '/api/implementation-log/coverage' },
  { method: 'GET', path: '/api/implementation-log/caseload' },
  { method: 'GET', path: '/api/classes/:class/testing-accommodations' },
  { method: 'GET', path: '/api/classes/:class/testing-accommodations.csv' },
  { method: 'POST', path: '/api/classes/:class/testing-accommodations/print' },
  { method: 'GET', path: '/api/testing-accommodations.csv' },
  { method: 'GET', path: '/api/plans' },
  { method: 'GET', path: '/api/plans/:plan' },
  { method: 'GET', path: '/api/plans/:plan/versions' },
  { method: 'GET', path: '/api/plans/:plan/revisions' },
  { method: 'POST', path: '/api/plans/:plan/finalise' },
  { method: 'POST', path: '/api/plans/:plan/amendments', fields: ['reason', 'effectiveDate', 'accommodationIds'] },
  { method: 'GET', path: '/api/plans/:plan/acknowledgements' },
  { method: 'POST', path: '/api/plans/:plan/versions/:version/acknowledgement' },
  { method: 'GET', path: '/api/acknowledgements/pending' },
  { method: 'POST', path: '/api/students/:student/plans', fields: PLAN_FIELDS },
  { method: 'PATCH', path: '/api/plans/:plan', fields: PLAN_FIELDS },
  { method: 'GET', path: '/api/notifications' },
  { method: 'PATCH', path: '/api/notifications/:notification', fields: ['read'] },
  { method: 'POST', path: '/api/notifications/read-all' },
  { method: 'GET', path: '/api/notification-preferences' },
  { method: 'PUT', path: '/api/notification-preferences', fields: ['review', 'document', 'feedback', 'system'] },
  { method: 'POST', path: '/api/calendar-feed' },
  { method: 'DELETE', path: '/api/calendar-feed' },
  { method: 'GET', path: '/api/calendar/:token.ics' },
  { method: 'GET', path: '/api/no-such-route' },
  { method: 'GET', path: '/healthz' },
  { method: 'GET', path: '/readyz' },
  { method: 'GET', path: '/metrics' },
];

/** Characters a header can carry (Latin-1 without controls); fetch refuses the rest before sending. */
const headerChar = fc.integer({ min: 0x20, max: 0xff }).filter((c) => c !== 0x7f).map((c) => String.fromCharCode(c));
const headerText = (maxLength: number) => fc.string({ unit: headerChar, maxLength });
const huge = fc.constantFrom(10_000, 200_000, 1_100_000).chain((n) => fc.constantFrom('a', 'é', '😀', '<', '\u0000').map((c) => c.repeat(n)));
const oddString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', '\uD800', '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '../../etc/passwd', '%00', '{{7*7}}', '__proto__', 'constructor', 'null', 'K', 'active', '2024-02-30', '9999-99-99', 'a@b', 'x'.repeat(101)),
  huge.filter(() => true).map((s) => s.slice(0, 300_000)),
);
const wrongValue = fc.oneof(
  oddString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.constant(null)), { maxLength: 300 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { maxKeys: 5 }),
  fc.constant({ __proto__: { polluted: true } }),
);

type IdKind = 'own' | 'other' | 'junk';
const idValue = fc.oneof(
  fc.constant<IdKind>('own'),
  fc.constant<IdKind>('other'),
  fc.oneof(
    oddString.map((s) => encodeURIComponent(Buffer.from(s.slice(0, 3_000), 'utf8').toString('utf8'))),
    fc.constantFrom('%', '%zz', '%E0%A4%A', '..%2F..%2Fetc', '0', '-1', '99999999999999999999', 'undefined', '%F0%9F%98%80', 'a'.repeat(5_000)),
  ),
);

/** 'owner', 'other' or 'none' (a session the run makes, or no cookie), or a raw Cookie header. */
type CookieKind = string;
const cookieValue = fc.oneof(
  fc.constant<CookieKind>('owner'),
  fc.constant<CookieKind>('other'),
  fc.constant<CookieKind>('none'),
  headerText(200).map((s) => `sid=${s}`),
  fc.constantFrom('sid=', 'sid', '=', 'sid=a; sid=b', `sid=${'x'.repeat(8_000)}`, 'sid=%', 'sid=%E0%A4%A', 'sid="unterminated'),
);

const ifMatchValue = fc.option(
  fc.oneof(headerText(60), fc.constantFrom('*', '"0"', 'W/"0"', '"-1"', '"1e308"', '"999999999999999999"', '""', '"', 'W/', '0, 1', `"${'9'.repeat(400)}"`)),
  { nil: undefined },
);

type BodySpec =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; contentType: string | undefined; text: string };

const bodyFor = (endpoint: Endpoint): fc.Arbitrary<BodySpec> => {
  const fieldsObject = endpoint.fields
    ? fc
        .record(Object.fromEntries(endpoint.fields.map((f) => [f, wrongValue])), { requiredKeys: [] })
        .map((o) => o as Record<string, unknown>)
    : fc.constant({});
  return fc.oneof(
    fc.constant<BodySpec>({ kind: 'none' }),
    fieldsObject.map((value): BodySpec => ({ kind: 'json', value })),
    fieldsObject.map((value): BodySpec => ({ kind: 'json', value })),
    fc.jsonValue({ maxDepth: 3 }).map((value): BodySpec => ({ kind: 'json', value })),
    fc.record({
      contentType: fc.constantFrom(
        'application/json',
        'application/json; charset=utf-16',
        'application/json; charset=bogus',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=xyz',
        'multipart/form-data',
        undefined,
      ),
      text: fc.oneof(
        fc.constantFrom('{', '{"a":', '[1,2', 'null', '"str"', '1e999', '{"__proto__":{"x":1}}', '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.exe"\r\n\r\nMZ\r\n--xyz--\r\n'),
        fc.string({ unit: 'binary', maxLength: 200 }),
        huge.map((s) => JSON.stringify({ name: s })),
      ),
    }).map(({ contentType, text }): BodySpec => ({ kind: 'raw', contentType, text })),
  );
};

const requestArb = fc.constantFrom(...ENDPOINTS).chain((endpoint) =>
  fc.record({
    endpoint: fc.constant(endpoint),
    ids: fc.record({ student: idValue, plan: idValue, accommodation: idValue, document: idValue, class: idValue, district: idValue, school: idValue, staff: idValue, notification: idValue, share: idValue, token: idValue, session: idValue, domain: idValue }),
    cookie: endpoint.endsSession ? cookieValue.filter((c) => c !== 'owner' && c !== 'other') : cookieValue,
    ifMatch: ifMatchValue,
    // Mostly same-origin (no Origin header, as from a script); now and then a cross-site one.
    origin: fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 8 },
      { arbitrary: fc.constantFrom('http://evil.example', 'null', 'not a url'), weight: 1 },
    ),
    body: bodyFor(endpoint),
  }),
);
type FuzzRequest = fc.Arbitrary<unknown> extends never ? never : ReturnType<typeof requestArb.generate>['value'];

interface Failure {
  what: string;
  method: Method;
  route: string;
  status?: number;
}

describe('API fuzzing', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const realIds: Record<string, { own: string; other: string }> = {};
  const cookies: Record<'owner' | 'other', string> = { owner: '', other: '' };

  beforeAll(async () => {
    server = await startTestServer({ METRICS_TOKEN: 'fuzz-metrics-token-0123456789abcdefgh' });
    const owner = new TestClient(server.url);
    const other = new TestClient(server.url);
    await owner.register('Owner Teacher');
    await other.register('Other Teacher');
    const ids = async (client: TestClient) => {
      const accommodation = await client.post('/api/accommodations', { name: 'Fidget tool', category: 'behavioral', description: 'At the desk' });
      const student = await client.post('/api/students', { firstName: 'Fuzz', lastInitial: 'Z', grade: '4', status: 'active', accommodationIds: [] });
      const plan = await client.post(`/api/students/${student.body.id}/plans`, { startDate: '2025-09-01', reviewDate: '2026-09-01', status: 'active' });
      // A real document, so its download and delete are fuzzed past the lookup, across accounts too.
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n%%EOF\n', 'latin1'))]), 'fuzz.pdf');
      const document = await client.request('POST', `/api/students/${student.body.id}/documents`, { rawBody: form });
      // A real class with the student in it, so its routes are fuzzed past the lookup, across accounts too.
      const schoolClass = await client.post('/api/classes', { name: 'Fuzz Period 1' });
      const enrolled = await client.request('PUT', `/api/classes/${schoolClass.body.id}/students`, { body: { studentIds: [student.body.id] }, headers: { 'If-Match': schoolClass.headers.get('etag') ?? '' } });
      // A district with a school and a member of its staff (the account itself), for the districts' routes.
      const district = await client.post('/api/districts', { name: 'Fuzz USD' });
      const school = await client.post(`/api/districts/${district.body.id}/schools`, { name: 'Fuzz Middle' });
      const staff = await client.post(`/api/schools/${school.body.id}/staff`, { email: 'fuzz-staff@school.test', role: 'teacher' });
      const member = ((await client.get(`/api/schools/${school.body.id}/staff`)).body as { staffId: string }[])[0];
      expect([accommodation.status, student.status, plan.status, document.status, schoolClass.status, enrolled.status]).toEqual([201, 201, 201, 201, 201, 200]);
      expect([district.status, school.status, staff.status]).toEqual([201, 201, 201]);
      const organisations = { district: district.body.id as string, school: school.body.id as string, staff: member?.staffId ?? 'none' };
      const made = { student: student.body.id as string, plan: (plan.body?.id as string) ?? 'none', accommodation: accommodation.body.id as string };
      return { ...made, ...organisations, document: document.body.id as string, class: schoolClass.body.id as string };
    };
    const own = await ids(owner);
    const theirs = await ids(other);
    for (const key of ['student', 'plan', 'accommodation', 'document', 'class', 'district', 'school', 'staff'] as const) realIds[key] = { own: own[key], other: theirs[key] };
    for (const key of ['notification', 'share', 'token', 'session'] as const) realIds[key] = { own: 'none', other: 'none' };
    realIds.version = { own: '1', other: '2' };
    // A domain no district lists: its check is refused before any DNS look-up.
    realIds.domain = { own: 'fuzz-usd.test', other: 'fuzz-usd.test' };
    cookies.owner = owner.cookie!;
    cookies.other = other.cookie!;
  }, 60_000);
  afterAll(async () => server?.close());

  function toFetch(request: FuzzRequest): { url: string; init: RequestInit } {
    const { endpoint, ids, cookie, ifMatch, origin, body } = request;
    const url = endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
      const id = ids[name as keyof typeof ids];
      return id === 'own' || id === 'other' ? realIds[name]![id] : id;
    });
    const headers: Record<string, string> = {};
    if (cookie === 'owner' || cookie === 'other') headers.Cookie = cookies[cookie];
    else if (cookie !== 'none') headers.Cookie = cookie;
    if (ifMatch !== undefined) headers['If-Match'] = ifMatch;
    if (origin) headers.Origin = origin;
    let payload: string | undefined;
    if (endpoint.method !== 'GET' && body.kind === 'json') {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body.value);
    } else if (endpoint.method !== 'GET' && body.kind === 'raw') {
      if (body.contentType) headers['Content-Type'] = body.contentType;
      payload = body.text;
    }
    return { url: server.url + url, init: { method: endpoint.method, headers, body: payload, redirect: 'manual' } };
  }

  it(`answers ${REQUESTS.toLocaleString('en-US')} malformed requests without a 5xx or a hang, every 4xx with a message (seed ${SEED})`, async () => {
    const requests = fc.sample(requestArb, { numRuns: REQUESTS, seed: SEED });
    const failures: Failure[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    let resets = 0;
    /**
     * A reset of a pooled keep-alive connection (the client reusing a socket the server had
     * just closed) is retried once on a fresh one, as browsers do; a second failure counts.
     */
    const send = async (url: string, init: RequestInit): Promise<Response> => {
      try {
        return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
      } catch (error) {
        const reset = error instanceof Error && error.cause instanceof Error && /ECONNRESET|other side closed/.test(error.cause.message);
        if (!reset) throw error;
        resets += 1;
        return fetch(url, { ...init, headers: { ...(init.headers as Record<string, string>), Connection: 'close' }, signal: AbortSignal.timeout(TIMEOUT_MS) });
      }
    };
    const lane = async () => {
      while (next < requests.length) {
        const request = requests[next++]!;
        const { url, init } = toFetch(request);
        const where = { method: request.endpoint.method, route: request.endpoint.path };
        let response: Response;
        try {
          response = await send(url, init);
        } catch (error) {
          const name = error instanceof Error ? error.name : 'unknown';
          const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
          failures.push({ what: name === 'TimeoutError' ? 'hang' : `connection ${name}${cause}`, ...where });
          continue;
        }
        const text = await response.text();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status >= 500) failures.push({ what: '5xx', status: response.status, ...where });
        if (response.status >= 400 && response.status < 500) {
          let message: unknown;
          try {
            message = (JSON.parse(text) as { message?: unknown }).message;
          } catch {
            message = undefined;
          }
          if (!(response.headers.get('content-type') ?? '').includes('application/json') || typeof message !== 'string' || message.trim() === '') {
            failures.push({ what: '4xx without a JSON {message}', status: response.status, ...where });
          }
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, lane));
    console.info(`fuzz seed ${SEED}: ${resets} connection resets retried; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`);
    // Group the failures so a report names each broken route once.
    const grouped = new Map<string, number>();
    for (const f of failures) grouped.set(`${f.what} ${f.status ?? ''} ${f.method} ${f.route}`, (grouped.get(`${f.what} ${f.status ?? ''} ${f.method} ${f.route}`) ?? 0) + 1);
    expect(Object.fromEntries(grouped), `reproduce with FUZZ_SEED=${SEED}`).toEqual({});
    // The run really reached the routes: most answers are refusals, some are successes.
    expect([...statuses.keys()].some((s) => s >= 200 && s < 300)).toBe(true);
    expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(REQUESTS);
    // And the server is still healthy afterwards.
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  }, 180_000);
});
