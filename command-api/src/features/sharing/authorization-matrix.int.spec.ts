import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestClient, type TestResponse, type TestServer } from '../../testing/test-server.ts';
import { linkMailedAfter } from '../../testing/outbox-mail.ts';
import { startTestDns } from '../../testing/dns-test-server.ts';
import { eventually } from '../../testing/eventually.ts';
import { oneRoster12 } from '@accommodate/shared-events/domain/testing/roster-fixtures';
import { rosterZip } from '@accommodate/workers/roster/roster-zip-fixtures';
import { appendExpiredShare, jane, openSocket, teacher, watch, type Teacher } from '../../testing/sharing-fixtures.ts';

/**
 * Every role against every student-scoped endpoint and the socket's student:watch.
 * 'allow' is a 2xx (or, for lists, the record is in it); a denial names its status.
 * Destructive calls come last in each column, the owner's last of all.
 */
type Role =
  | 'owner'
  | 'co-teacher'
  | 'substitute'
  | 'expired substitute'
  | 'auditor'
  | 'class teacher'
  | 'coordinator'
  | 'district admin'
  | 'case manager'
  | 'colleague'
  | 'other coordinator'
  | 'stranger';
type Outcome = 'allow' | 400 | 403 | 404;
/**
 * The student belongs to a school whose coordinator, district admin and the student's case manager reach
 * it through the school; a colleague (a teacher of the same school with no relation to the student) and the
 * coordinator of another school of the district reach nothing.
 */
const ROLES: Role[] = [
  'co-teacher',
  'substitute',
  'expired substitute',
  'auditor',
  'class teacher',
  'coordinator',
  'district admin',
  'case manager',
  'colleague',
  'other coordinator',
  'stranger',
  'owner',
];

interface World {
  server: TestServer;
  users: Record<Role, Teacher>;
  studentId: string;
  planId: string;
  /** Finalised by the owner before the matrix runs: the teachers' acknowledgements are pending. */
  finalPlanId: string;
  /** Recorded (impairment, consent, specifics) and finalised by the owner before the matrix runs. */
  recordedPlanId: string;
  documentId: string;
  shareId: string;
  classId: string;
  danaEmail: string;
  schoolId: string;
  otherSchoolId: string;
}

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1'), Buffer.alloc(512, 7), Buffer.from('\n%%EOF\n')]);
const upload = (client: Teacher, studentId: string) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PDF)]), 'plan.pdf');
  return client.request('POST', `/api/students/${studentId}/documents`, { rawBody: form });
};

type Check = (world: World, client: Teacher) => Promise<boolean | TestResponse>;
const ENDPOINTS: [string, Check, Record<Role, Outcome>][] = [];
// A teacher of a class the student is in may do what a substitute may, unless the row says otherwise. The
// school's coordinator and the district admin may do what the owner may, and the case manager what a co-teacher may,
// unless the row says otherwise.
const row = (name: string, check: Check, outcomes: Partial<Record<Role, Outcome>>) =>
  ENDPOINTS.push([name, check, {
    owner: 'allow', 'co-teacher': 'allow', substitute: 'allow', auditor: 'allow', 'expired substitute': 404, stranger: 404,
    'class teacher': outcomes.substitute ?? 'allow',
    coordinator: outcomes.owner ?? 'allow', 'district admin': outcomes.coordinator ?? outcomes.owner ?? 'allow',
    'case manager': outcomes['co-teacher'] ?? 'allow', colleague: 404, 'other coordinator': 404,
    ...outcomes,
  }]);

const READ_ONLY = { substitute: 403, auditor: 403 } as const;
const MEETING_RECORD = {
  impairment: 'Type 1 diabetes',
  lifeActivities: ['Eating', 'Operation of a major bodily function'],
  participants: [{ name: 'Pat Parent', role: 'Parent' }],
  consent: { date: '2025-01-02', method: 'in-person' },
  specifics: [{ accommodationId: 'template-extended-time', details: '1.5× on tests' }],
};
const OWNER_ONLY = { 'co-teacher': 403, substitute: 403, auditor: 403 } as const;
/** Not the student's teachers: the school's overseers are never asked to acknowledge, nor log the day. */
const NOT_TEACHERS = { coordinator: 403, 'district admin': 403 } as const;

row('GET /api/students/:id', (w, c) => c.get(`/api/students/${w.studentId}`), {});
row('GET /api/students (list)', async (w, c) => (await c.get('/api/students')).body.some((s: { id: string }) => s.id === w.studentId), {});
row('PUT /api/students/:id', (w, c) => c.put(`/api/students/${w.studentId}`, jane), READ_ONLY);
row('GET /api/students/:id/accommodations', (w, c) => c.get(`/api/students/${w.studentId}/accommodations`), {});
// Suggestions are authorised like reading the student.
row('GET /api/students/:id/suggestions', (w, c) => c.get(`/api/students/${w.studentId}/suggestions`), {});
row('GET /api/students/:id/accommodations.pdf', (w, c) => c.get(`/api/students/${w.studentId}/accommodations.pdf`), {});
row('GET /api/students/:id/documents', (w, c) => c.get(`/api/students/${w.studentId}/documents`), { substitute: 404 });
row('POST /api/students/:id/documents', (w, c) => upload(c, w.studentId), READ_ONLY);
row('GET /api/documents/:id/download', (w, c) => c.get(`/api/documents/${w.documentId}/download`), { substitute: 404 });
row('GET /api/plans (list)', async (w, c) => (await c.get('/api/plans')).body.some((p: { id: string }) => p.id === w.planId), {});
row('GET /api/plans/:id', (w, c) => c.get(`/api/plans/${w.planId}`), {});
row('POST /api/students/:id/plans', (w, c) => c.post(`/api/students/${w.studentId}/plans`, { startDate: '2025-01-01', reviewDate: '2099-01-01' }), READ_ONLY);
row('PATCH /api/plans/:id', (w, c) => c.patch(`/api/plans/${w.planId}`, { meetingDate: '2026-08-15' }), READ_ONLY);
// Plan versions: everyone who reads the plan reads its versions; owner and co-teachers finalise and amend;
// the student's teachers acknowledge, auditors (who only check) do not. Each cell works on a plan of its own.
const newPlan = async (w: World) => (await w.users.owner.post(`/api/students/${w.studentId}/plans`, { startDate: '2025-01-01', reviewDate: '2099-01-01' })).body.id as string;
const recordedPlan = async (w: World) => {
  const planId = await newPlan(w);
  expect((await w.users.owner.put(`/api/plans/${planId}/record`, MEETING_RECORD)).status).toBe(200);
  return planId;
};
const finalPlan = async (w: World) => {
  const planId = await recordedPlan(w);
  expect((await w.users.owner.post(`/api/plans/${planId}/finalise`)).status).toBe(200);
  return planId;
};
row('GET /api/plans/:id/versions', (w, c) => c.get(`/api/plans/${w.finalPlanId}/versions`), {});
row('GET /api/plans/:id?asOf=', (w, c) => c.get(`/api/plans/${w.finalPlanId}?asOf=2099-01-01`), {});
row('GET /api/plans/:id/acknowledgements', (w, c) => c.get(`/api/plans/${w.finalPlanId}/acknowledgements`), {});
row('GET /api/acknowledgements/pending', async (w, c) => (await c.get('/api/acknowledgements/pending')).body.some((p: { planId: string }) => p.planId === w.finalPlanId), {
  // The owner signed it, which acknowledges it; an auditor is never asked, nor are the school's overseers.
  owner: 404,
  auditor: 404,
  coordinator: 404,
  'district admin': 404,
});
row('POST /api/plans/:id/finalise', async (w, c) => c.post(`/api/plans/${await recordedPlan(w)}/finalise`), READ_ONLY);
// The same accommodations again: the student follows each version, and the rows after this one need them.
row('POST /api/plans/:id/amendments', async (w, c) => {
  const { accommodationIds } = (await w.users.owner.get(`/api/students/${w.studentId}`)).body as { accommodationIds: string[] };
  return c.post(`/api/plans/${await finalPlan(w)}/amendments`, { reason: 'Review meeting', effectiveDate: '2099-01-01', accommodationIds });
}, READ_ONLY);
row('POST /api/plans/:id/versions/:version/acknowledgement', async (w, c) => c.post(`/api/plans/${await finalPlan(w)}/versions/1/acknowledgement`), {
  auditor: 403,
  ...NOT_TEACHERS,
});
// The plan record: edited like the plan; its impairment and consent read only with 'see-plan-record'
// (owner, auditor, the school's coordinator and the student's case manager), and left out, not refused, for everyone else who reads the plan.
row('PUT /api/plans/:id/record', async (w, c) => c.put(`/api/plans/${await newPlan(w)}/record`, MEETING_RECORD), READ_ONLY);
const NO_PLAN_RECORD = { 'co-teacher': 403, substitute: 403, 'class teacher': 403, 'case manager': 'allow', 'district admin': 403 } as const;
row('GET /api/plans/:id: impairment and consent', async (w, c) => {
  const { record } = (await c.get(`/api/plans/${w.recordedPlanId}`)).body as { record?: { impairment?: string; consent?: unknown; specifics: unknown[] } };
  if (record && record.specifics.length !== 1) throw new Error('Everyone who reads the plan reads the specifics');
  return record?.impairment === MEETING_RECORD.impairment && record.consent !== undefined;
}, NO_PLAN_RECORD);
row('GET /api/plans/:id/versions: impairment and consent', async (w, c) => {
  const versions = (await c.get(`/api/plans/${w.recordedPlanId}/versions`)).body as { content: { record: { impairment?: string } | null } }[] | undefined;
  return versions?.[0]?.content.record?.impairment === MEETING_RECORD.impairment;
}, NO_PLAN_RECORD);
// Who took part names the parent: read with the student's parent information ('see-private'), left out for the others.
row('GET /api/plans/:id: who took part', async (w, c) => {
  const { record } = (await c.get(`/api/plans/${w.recordedPlanId}`)).body as { record?: { participants?: unknown[] } };
  return record?.participants?.length === 1;
}, { substitute: 403 });
// The record's change in the History tab and the records export: the impairment and consent for the same few.
const holdsImpairment = (answer: TestResponse) => JSON.stringify(answer.body).includes(MEETING_RECORD.impairment) && answer.status < 300;
row('GET /api/students/:id/history: impairment and consent', async (w, c) => holdsImpairment(await c.get(`/api/students/${w.studentId}/history`)), NO_PLAN_RECORD);
row('GET /api/students/:id/records.json: impairment and consent', async (w, c) => holdsImpairment(await c.get(`/api/students/${w.studentId}/records.json`)), NO_PLAN_RECORD);
row('GET /api/students/:id/shares', (w, c) => c.get(`/api/students/${w.studentId}/shares`), READ_ONLY);
row('POST /api/students/:id/shares', (w, c) => c.post(`/api/students/${w.studentId}/shares`, { email: w.danaEmail, role: 'co-teacher' }), OWNER_ONLY);
row('POST /api/shares (bulk)', (w, c) => c.post('/api/shares', { studentIds: [w.studentId], email: w.danaEmail, role: 'co-teacher' }), OWNER_ONLY);
row('GET /api/sub-plan', async (w, c) => (await c.get('/api/sub-plan')).body.some((e: { student: { id: string } }) => e.student.id === w.studentId), {
  owner: 404,
  'co-teacher': 404,
  auditor: 404,
  'class teacher': 404,
});
row('GET /api/accommodations/usage', async (w, c) =>
  (await c.get('/api/accommodations/usage')).body.some((e: { students: { id: string }[] }) => e.students.some((s) => s.id === w.studentId)), {});
// The sub plan by class lists the classes one teaches: the owner's class, which the class teacher co-teaches.
row('GET /api/sub-plan/classes', async (w, c) => {
  const sheet = (await c.get('/api/sub-plan/classes')).body as { students: { student: { id: string } }[] }[];
  return sheet.some((entry) => entry.students.some((row) => row.student.id === w.studentId));
}, { 'co-teacher': 404, substitute: 404, auditor: 404, 'class teacher': 'allow', coordinator: 404, 'district admin': 404 });
// The implementation log: every teacher logs, an auditor reads only; a class's day is for its teachers.
const today = () => new Date().toISOString().slice(0, 10);
row('POST /api/students/:id/implementation-log', (w, c) =>
  c.post(`/api/students/${w.studentId}/implementation-log`, { date: today(), accommodationId: 'template-extended-time', outcome: 'provided' }), { auditor: 403, ...NOT_TEACHERS });
row('POST /api/students/:id/implementation-log (batch)', (w, c) =>
  c.post(`/api/students/${w.studentId}/implementation-log`, [{ date: today(), accommodationId: 'template-extended-time', outcome: 'refused' }]), { auditor: 403, ...NOT_TEACHERS });
row('GET /api/students/:id/implementation-log', (w, c) => c.get(`/api/students/${w.studentId}/implementation-log?from=${today()}&to=${today()}`), {});
row('GET /api/students/:id/implementation-log?format=csv', (w, c) => c.get(`/api/students/${w.studentId}/implementation-log?format=csv`), {});
row('GET /api/classes/:id/implementation-log', (w, c) => c.get(`/api/classes/${w.classId}/implementation-log?date=${today()}`), {
  'co-teacher': 404,
  substitute: 404,
  auditor: 404,
  'class teacher': 'allow',
  coordinator: 404,
  'district admin': 404,
});
// A teacher's own caseload's day (no class): the students they log for, reached other than through a class.
row('GET /api/implementation-log/caseload', async (w, c) =>
  ((await c.get(`/api/implementation-log/caseload?date=${today()}`)).body.students as { student: { id: string } }[]).some((e) => e.student.id === w.studentId), {
  auditor: 404,
  'class teacher': 404,
  coordinator: 404,
  'district admin': 404,
});
row('GET /api/implementation-log/coverage', async (w, c) =>
  (await c.get('/api/implementation-log/coverage')).body.some((e: { studentId: string }) => e.studentId === w.studentId), {
  'co-teacher': 404,
  substitute: 404,
  auditor: 404,
  'class teacher': 404,
  coordinator: 404,
  'district admin': 404,
});
// The hearing packet: the roles that read both the history and the access log.
row('GET /api/students/:id/hearing-packet.pdf', (w, c) => c.get(`/api/students/${w.studentId}/hearing-packet.pdf?from=2025-01-01&to=2099-01-01`), {
  'co-teacher': 403,
  substitute: 403,
});
// The school's decisions on the student: its coordinators and admins, its district's admins, and its owner.
const SCHOOL_ONLY = { 'co-teacher': 403, substitute: 403, auditor: 403, 'case manager': 403 } as const;
// Shares and classes reach the student, not its school: the school's list is for its staff.
row('GET /api/students?schoolId= (list)', async (w, c) => {
  const listed = await c.get(`/api/students?schoolId=${w.schoolId}`);
  return listed.status === 200 && (listed.body as { id: string }[]).some((s) => s.id === w.studentId);
}, { 'co-teacher': 404, substitute: 404, auditor: 404, 'class teacher': 404, 'case manager': 'allow' });
// the coverage of a school (counts only): for those who see every student of it; its teachers have their own.
row('GET /api/implementation-log/coverage?schoolId=', async (w, c) => {
  const coverage = await c.get(`/api/implementation-log/coverage?schoolId=${w.schoolId}`);
  return coverage.status === 200 ? (coverage.body as { studentId: string }[]).some((row) => row.studentId === w.studentId) : coverage;
}, { owner: 403, 'co-teacher': 404, substitute: 404, auditor: 404, 'class teacher': 404, 'case manager': 403, colleague: 403, coordinator: 'allow', 'district admin': 'allow' });
row('PUT /api/students/:id/case-manager', async (w, c) => c.put(`/api/students/${w.studentId}/case-manager`, { userId: w.users['case manager'].user.id }), SCHOOL_ONLY);
// To the school it is in already: a move changes nothing, and the rows after this one keep their world.
row('POST /api/students/:id/transfer', async (w, c) => c.post(`/api/students/${w.studentId}/transfer`, { schoolId: w.schoolId }), SCHOOL_ONLY);
// Retention: a legal hold is the district admins' alone; everyone else who sees the student is refused. The
// district admin's hold is lifted in the next row, so the owner's delete at the end is not held.
const DISTRICT_ADMIN_ONLY = { owner: 403, 'co-teacher': 403, substitute: 403, auditor: 403, 'district admin': 'allow' } as const;
row('PUT /api/students/:id/legal-hold', (w, c) => c.put(`/api/students/${w.studentId}/legal-hold`, { reason: 'Due process hearing' }), DISTRICT_ADMIN_ONLY);
row('DELETE /api/students/:id/legal-hold', (w, c) => c.delete(`/api/students/${w.studentId}/legal-hold`), DISTRICT_ADMIN_ONLY);
row('socket student:watch', async (w, c) => {
  const socket: Socket = await openSocket(c);
  try {
    return (await watch(socket, w.studentId)).ok;
  } finally {
    socket.close();
  }
}, {});
// Each role deletes a document of its own, uploaded by the owner just before, so every cell has one to delete.
row('DELETE /api/documents/:id', async (w, c) => c.delete(`/api/documents/${(await upload(w.users.owner, w.studentId)).body.id}`), {
  substitute: 404,
  auditor: 403,
});
// The student counts in its owner's account deletion preview only (the others' previews are of their own students).
row('GET /api/account/deletion-preview', async (w, c) => {
  const preview = (await c.get('/api/account/deletion-preview')).body as { transferred: number; erased: number };
  return preview.transferred + preview.erased > 0;
}, { 'co-teacher': 404, substitute: 404, auditor: 404, coordinator: 404, 'district admin': 404 });
// Removing a class teacher: the class's owner and the school's overseers; its other teachers 403, the rest
// 404. Each cell has a class of the school of its own, which the class teacher co-teaches, and removes Dana from it.
row('DELETE /api/classes/:id/teachers/:teacherId', async (w, c) => {
  const owner = w.users.owner;
  const classId = (await owner.post('/api/classes', { name: 'Period 2', schoolId: w.schoolId })).body.id as string;
  for (const email of [w.users['class teacher'].user.email, w.danaEmail]) expect((await owner.post(`/api/classes/${classId}/teachers`, { email })).status).toBe(201);
  const teachers = (await owner.get(`/api/classes/${classId}`)).body.teachers as { id: string; email: string }[];
  return c.delete(`/api/classes/${classId}/teachers/${teachers.find((each) => each.email === w.danaEmail)!.id}`);
}, { 'co-teacher': 404, substitute: 404, auditor: 404, 'class teacher': 403, 'case manager': 404, coordinator: 'allow', 'district admin': 'allow' });
// Each cell revokes a share of its own, granted by the owner just before (a re-grant after a revocation is a new share).
row('DELETE /api/students/:id/shares/:shareId', async (w, c) => {
  const shareId = (await w.users.owner.post(`/api/students/${w.studentId}/shares`, { email: w.danaEmail, role: 'co-teacher' })).body.id as string;
  return c.delete(`/api/students/${w.studentId}/shares/${shareId}`);
}, OWNER_ONLY);
row('DELETE /api/students/:id', (w, c) => c.delete(`/api/students/${w.studentId}`), { ...OWNER_ONLY, coordinator: 403, 'district admin': 403 });
// The operator's metrics: a session of any role is not the bearer token, and is answered as if there were no such page.
row('GET /metrics (with a session, without the token)', (w, c) => c.get('/metrics'), Object.fromEntries(ROLES.map((role) => [role, 404 as const])));

let world: World;
// The domains' TXT records come from this server (none published: an admin's check finds no record).
const dns = await startTestDns();
beforeAll(async () => {
  const server = await startTestServer({ DNS_SERVERS: dns.server, METRICS_TOKEN: 'matrix-metrics-token-0123456789abcdef' });
  const users = {} as Record<Role, Teacher>;
  for (const role of [...ROLES, 'dana'] as const) (users as Record<string, Teacher>)[role] = await teacher(server, `The ${role}`);
  const owner = users.owner;
  // The school: the district admin made it; the owner and the case manager teach there.
  const districtId = (await users['district admin'].post('/api/districts', { name: 'Matrix USD' })).body.id as string;
  const school = async (name: string) => (await users['district admin'].post(`/api/districts/${districtId}/schools`, { name })).body.id as string;
  const [schoolId, otherSchoolId] = [await school('Matrix Elementary'), await school('Other Middle')];
  const staff: [string, Role, string][] = [[schoolId, 'owner', 'teacher'], [schoolId, 'case manager', 'teacher'], [schoolId, 'colleague', 'teacher'], [schoolId, 'coordinator', 'coordinator'], [otherSchoolId, 'other coordinator', 'coordinator']];
  for (const [at, role, staffRole] of staff) {
    expect((await users['district admin'].post(`/api/schools/${at}/staff`, { email: users[role].user.email, role: staffRole })).status).toBe(201);
  }
  // Each takes the invitation up by loading the app.
  for (const [, role] of staff) expect((await users[role].get('/api/auth/me')).status).toBe(200);
  const studentId = (await owner.post('/api/students', { ...jane, schoolId })).body.id as string;
  expect((await owner.put(`/api/students/${studentId}/case-manager`, { userId: users['case manager'].user.id })).status).toBe(200);
  for (const role of ['co-teacher', 'substitute', 'auditor'] as const) {
    expect((await owner.post(`/api/students/${studentId}/shares`, { email: users[role].user.email, role })).status).toBe(201);
  }
  await appendExpiredShare(server, studentId, owner, users['expired substitute']);
  const dana = (users as Record<string, Teacher>).dana!;
  const shareId = (await owner.post(`/api/students/${studentId}/shares`, { email: dana.user.email, role: 'co-teacher' })).body.id as string;
  const planId = (await owner.post(`/api/students/${studentId}/plans`, { startDate: '2025-01-01', reviewDate: '2099-01-01' })).body.id as string;
  const documentId = (await upload(owner, studentId)).body.id as string;
  const classId = (await owner.post('/api/classes', { name: 'Period 1' })).body.id as string;
  await owner.post(`/api/classes/${classId}/teachers`, { email: users['class teacher'].user.email });
  expect((await users['class teacher'].get('/api/auth/me')).status).toBe(200);
  expect((await owner.put(`/api/classes/${classId}/students`, { studentIds: [studentId] })).status).toBe(200);
  const finalPlanId = (await owner.post(`/api/students/${studentId}/plans`, { startDate: '2025-01-01', reviewDate: '2099-01-01' })).body.id as string;
  expect((await owner.put(`/api/plans/${finalPlanId}/record`, MEETING_RECORD)).status).toBe(200);
  expect((await owner.post(`/api/plans/${finalPlanId}/finalise`)).status).toBe(200);
  const recordedPlanId = (await owner.post(`/api/students/${studentId}/plans`, { startDate: '2025-01-01', reviewDate: '2099-01-01' })).body.id as string;
  expect((await owner.put(`/api/plans/${recordedPlanId}/record`, MEETING_RECORD)).status).toBe(200);
  expect((await owner.post(`/api/plans/${recordedPlanId}/finalise`)).status).toBe(200);
  world = { server, users, studentId, planId, finalPlanId, recordedPlanId, documentId, shareId, classId, danaEmail: dana.user.email, schoolId, otherSchoolId };
}, 60_000);
afterAll(async () => {
  await world?.server.close();
  await dns.close();
});

const cells = ENDPOINTS.flatMap(([endpoint, check, outcomes]) => ROLES.map((role) => ({ endpoint, role, check, expected: outcomes[role] })));

describe('authorization matrix', () => {
  it.each(cells)('$endpoint as $role → $expected', async ({ role, check, expected }) => {
    const result = await check(world, world.users[role]);
    if (typeof result === 'boolean') {
      expect(result).toBe(expected === 'allow');
      return;
    }
    if (expected === 'allow') expect(result.status, JSON.stringify(result.body)).toBeLessThan(300);
    else expect(result.status).toBe(expected);
  });
});

/**
 * The account's own links, by who calls: nobody signed in, another account, the account itself. A link's
 * token is the credential for a reset, so it needs no session; a verification needs the session of its own account.
 */
describe('authorization of the account links', () => {
  type Caller = 'anonymous' | 'another account' | 'the account';
  const callers: Caller[] = ['anonymous', 'another account', 'the account'];
  const links = { verify: '', reset: '' };
  let clients: Record<Caller, TestClient>;
  beforeAll(async () => {
    const email = `links-${randomUUID()}@school.test`;
    const account = new TestClient(world.server.url);
    const password = 'correct horse battery';
    links.verify = await linkMailedAfter(world.server.dataDir, email, '/verify-email', () => account.post('/api/auth/register', { name: 'Lin Links', email, password }));
    await account.post('/api/auth/login', { email, password });
    links.reset = await linkMailedAfter(world.server.dataDir, email, '/reset-password', () => account.post('/api/auth/forgot-password', { email }));
    clients = { anonymous: new TestClient(world.server.url), 'another account': world.users.stranger, 'the account': account };
  });

  const rows: [string, (client: TestClient) => Promise<TestResponse>, Record<Caller, number>][] = [
    ['POST /api/auth/verify-email', (c) => c.post('/api/auth/verify-email', { token: links.verify }), { anonymous: 401, 'another account': 400, 'the account': 200 }],
    ['POST /api/auth/verify-email/resend', (c) => c.post('/api/auth/verify-email/resend'), { anonymous: 401, 'another account': 204, 'the account': 204 }],
    ['POST /api/auth/forgot-password', (c) => c.post('/api/auth/forgot-password', { email: 'someone@school.test' }), { anonymous: 204, 'another account': 204, 'the account': 204 }],
    // Two-factor sign-in acts on the caller's own account only: there is no account in the path to point elsewhere.
    ['GET /api/auth/2fa', (c) => c.get('/api/auth/2fa'), { anonymous: 401, 'another account': 200, 'the account': 200 }],
    ['POST /api/auth/2fa/setup', (c) => c.post('/api/auth/2fa/setup'), { anonymous: 401, 'another account': 200, 'the account': 200 }],
    ['POST /api/auth/2fa/enable (not a code)', (c) => c.post('/api/auth/2fa/enable', { code: 'abc' }), { anonymous: 401, 'another account': 400, 'the account': 400 }],
    ['POST /api/auth/2fa/disable (while off)', (c) => c.post('/api/auth/2fa/disable', { password: 'wrong', code: '123456' }), { anonymous: 401, 'another account': 409, 'the account': 409 }],
    ['GET /api/account/deletion-preview', (c) => c.get('/api/account/deletion-preview'), { anonymous: 401, 'another account': 200, 'the account': 200 }],
    ['PUT /api/settings (new e-mail, no password)', (c) => c.put('/api/settings', { name: 'N', email: `x-${randomUUID()}@school.test` }), { anonymous: 401, 'another account': 400, 'the account': 400 }],
  ];
  it.each(rows.flatMap(([endpoint, call, outcomes]) => callers.map((caller) => ({ endpoint, call, caller, expected: outcomes[caller] }))))(
    '$endpoint as $caller → $expected',
    async ({ call, caller, expected }) => {
      expect((await call(clients[caller])).status).toBe(expected);
    },
  );

  it('POST /api/auth/reset-password needs no session: the mailed token is the credential, and only once', async () => {
    const reset = (client: TestClient) => client.post('/api/auth/reset-password', { token: links.reset, newPassword: 'new password 1', confirmPassword: 'new password 1' });
    expect((await reset(clients.anonymous)).status).toBe(200);
    expect((await reset(clients['another account'])).status).toBe(400);
  });
});

/**
 * The district dashboard, by who asks: only the district's admins see it; a school's admin, coordinator
 * and teacher, an admin of another district and anyone else learn nothing of it (404), nobody signed in gets 401.
 */
describe('authorization of the district dashboard', () => {
  type Caller = 'district admin' | 'school admin' | 'coordinator' | 'teacher' | 'other district admin' | 'stranger' | 'anonymous';
  const expected: Record<Caller, number> = {
    'district admin': 200,
    'school admin': 404,
    coordinator: 404,
    teacher: 404,
    'other district admin': 404,
    stranger: 404,
    anonymous: 401,
  };
  let clients: Record<Caller, TestClient>;
  let districtId = '';
  let schoolId = '';
  let erasedId = '';
  beforeAll(async () => {
    const made = {} as Record<Caller, TestClient>;
    for (const caller of Object.keys(expected) as Caller[]) made[caller] = caller === 'anonymous' ? new TestClient(world.server.url) : await teacher(world.server, `The ${caller}`);
    const admin = made['district admin'];
    districtId = (await admin.post('/api/districts', { name: 'Matrix USD' })).body.id as string;
    expect((await made['other district admin'].post('/api/districts', { name: 'Elsewhere USD' })).status).toBe(201);
    schoolId = (await admin.post(`/api/districts/${districtId}/schools`, { name: 'Matrix Middle' })).body.id as string;
    for (const [caller, role] of [['school admin', 'admin'], ['coordinator', 'coordinator'], ['teacher', 'teacher']] as const) {
      expect((await admin.post(`/api/schools/${schoolId}/staff`, { email: (made[caller] as Teacher).user.email, role })).status).toBe(201);
    }
    clients = made;
    importId = (await uploadRoster(admin, districtId)).body.id as string;
    // A second district of the same admin, erased (a job): its status is still the admin's to read, nobody else's.
    erasedId = (await admin.post('/api/districts', { name: 'Gone USD' })).body.id as string;
    expect((await admin.post(`/api/districts/${erasedId}/erase`, { confirmName: 'Gone USD' })).status).toBe(202);
    await eventually(async () => (await admin.get(`/api/district-erasures/${erasedId}`)).body as { status?: string }, (found) => found.status === 'done', 10_000);
  });
  it.each(Object.entries(expected).map(([caller, status]) => ({ caller: caller as Caller, status })))('GET /api/districts/:id/dashboard as $caller → $status', async ({ caller, status }) => {
    expect((await clients[caller].get(`/api/districts/${districtId}/dashboard`)).status).toBe(status);
  });
  // Retention and leaving the product: the same callers, the same answers. The admin's erasure is asked with
  // a wrong name (400), which erases nothing; tests of the real erasure are in retention/district-exit.int.spec.ts.
  const DISTRICT_CALLS: [string, (client: TestClient) => Promise<TestResponse>, number][] = [
    ['GET /api/districts/:id/retention', (c) => c.get(`/api/districts/${districtId}/retention`), 200],
    ['PUT /api/districts/:id/retention', (c) => c.put(`/api/districts/${districtId}/retention`, { yearsAfterLeaving: 5 }), 200],
    ['GET /api/districts/:id/retention/due', (c) => c.get(`/api/districts/${districtId}/retention/due`), 200],
    ['GET /api/districts/:id/time-zone', (c) => c.get(`/api/districts/${districtId}/time-zone`), 200],
    ['PUT /api/districts/:id/time-zone', (c) => c.put(`/api/districts/${districtId}/time-zone`, { timeZone: 'America/Chicago' }), 200],
    ['POST /api/districts/:id/export', (c) => c.post(`/api/districts/${districtId}/export`), 200],
    ['POST /api/districts/:id/export-link', (c) => c.post(`/api/districts/${districtId}/export-link`), 201],
    // The admin's own link, opened by each caller: only the admin who asked for it downloads.
    ['GET /api/districts/:id/export/:token', async (c) => {
      const { url } = (await clients['district admin'].post(`/api/districts/${districtId}/export-link`)).body as { url: string };
      return c.get(`${url}?tz=UTC`);
    }, 200],
    ['POST /api/districts/:id/erase (wrong name)', (c) => c.post(`/api/districts/${districtId}/erase`, { confirmName: 'Not it' }), 400],
    ['GET /api/district-erasures/:id (the district erased)', (c) => c.get(`/api/district-erasures/${erasedId}`), 200],
  ];
  it.each(DISTRICT_CALLS.flatMap(([endpoint, call, allowed]) => Object.keys(expected).map((caller) => ({ endpoint, call, caller: caller as Caller, status: caller === 'district admin' ? allowed : expected[caller as Caller] }))))(
    '$endpoint as $caller → $status',
    async ({ call, caller, status }) => {
      expect((await call(clients[caller])).status).toBe(status);
    },
  );
  // A school's name is its administrators' and the district's admins' to change; its coordinator and teacher may not (403).
  const renaming: Record<Caller, number> = { ...expected, 'school admin': 200, coordinator: 403, teacher: 403 };
  it.each(Object.entries(renaming).map(([caller, status]) => ({ caller: caller as Caller, status })))('PATCH /api/schools/:id as $caller → $status', async ({ caller, status }) => {
    expect((await clients[caller].patch(`/api/schools/${schoolId}`, { name: `Matrix Middle (${caller})` })).status).toBe(status);
  });
  // Deleting a school is the district's admins' alone (the school's own administrator may not: 403); this one has
  // staff, so even they meet 409.
  const deleting: Record<Caller, number> = { ...expected, 'district admin': 409, 'school admin': 403, coordinator: 403, teacher: 403 };
  it.each(Object.entries(deleting).map(([caller, status]) => ({ caller: caller as Caller, status })))('DELETE /api/schools/:id as $caller → $status', async ({ caller, status }) => {
    expect((await clients[caller].delete(`/api/schools/${schoolId}`)).status).toBe(status);
  });
  // Single sign-on: the district's provider is its admins' business alone, as its dashboard is.
  it.each(Object.entries(expected).map(([caller, status]) => ({ caller: caller as Caller, status })))('GET /api/districts/:id/sso as $caller → $status', async ({ caller, status }) => {
    expect((await clients[caller].get(`/api/districts/${districtId}/sso`)).status).toBe(status);
  });
  it.each(Object.entries(expected).map(([caller, status]) => ({ caller: caller as Caller, status })))('PUT /api/districts/:id/sso as $caller → $status', async ({ caller, status }) => {
    const form = { issuer: 'https://accounts.google.com', clientId: 'matrix', clientSecret: 'matrix-secret', emailDomains: ['matrix-usd.test'] };
    expect((await clients[caller].put(`/api/districts/${districtId}/sso`, form)).status).toBe(status);
  });
  // Proving a listed domain: the admin's check runs (and finds no record: 409); anyone else learns nothing (404).
  it.each(Object.entries(expected).map(([caller, status]) => ({ caller: caller as Caller, status: status === 200 ? 409 : status })))('POST /api/districts/:id/sso/domains/:domain/verify as $caller → $status', async ({ caller, status }) => {
    expect((await clients[caller].post(`/api/districts/${districtId}/sso/domains/matrix-usd.test/verify`)).status).toBe(status);
  });
  it.each(Object.entries(expected).map(([caller, status]) => ({ caller: caller as Caller, status: status === 200 ? 204 : status })))('DELETE /api/districts/:id/sso as $caller → $status', async ({ caller, status }) => {
    expect((await clients[caller].delete(`/api/districts/${districtId}/sso`)).status).toBe(status);
  });
  // A district's OneRoster imports are its admins' alone, the upload and the import's report alike.
  let importId = '';
  const uploadRoster = (client: TestClient, id: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(rosterZip(oneRoster12()))]), 'oneroster.zip');
    return client.request('POST', `/api/districts/${id}/roster-imports?dryRun=true`, { rawBody: form });
  };
  it.each(Object.entries({ ...expected, 'district admin': 202 }).map(([caller, status]) => ({ caller: caller as Caller, status })))(
    'POST /api/districts/:id/roster-imports as $caller → $status',
    async ({ caller, status }) => {
      expect((await uploadRoster(clients[caller], districtId)).status).toBe(status);
    },
  );
  it.each(Object.entries(expected).map(([caller, status]) => ({ caller: caller as Caller, status })))('GET /api/roster-imports/:id as $caller → $status', async ({ caller, status }) => {
    expect((await clients[caller].get(`/api/roster-imports/${importId}`)).status).toBe(status);
  });
});
