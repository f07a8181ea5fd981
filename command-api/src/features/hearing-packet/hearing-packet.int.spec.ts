import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testServerForFile } from '../../testing/test-server.ts';
import { pdfText } from '../../testing/pdf-text.ts';
import { eventually } from '../../testing/eventually.ts';
import { minimumPlanRecord, teacher, type Teacher } from '../../testing/sharing-fixtures.ts';

const server = testServerForFile();
const ava = { firstName: 'Ava', lastInitial: 'M', grade: '5', status: 'active', accommodationIds: ['template-extended-time'] };
const today = () => new Date().toISOString().slice(0, 10);
/** Any internal id: a packet names people, plans and accommodations as the record does, never by key. */
const INTERNAL_ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** The packet's bytes as downloaded (the test client reads bodies as text, which a PDF is not). */
async function packetOf(client: Teacher, studentId: string, query: string) {
  const response = await fetch(`${server.url}/api/students/${studentId}/hearing-packet.pdf?${query}`, { headers: { Cookie: client.cookie ?? '' } });
  const text = response.ok ? (await pdfText(new Uint8Array(await response.arrayBuffer()))).replace(/\s+/g, ' ') : '';
  return { status: response.status, disposition: response.headers.get('content-disposition'), text };
}

describe('GET /api/students/:id/hearing-packet.pdf', () => {
  it('gives the owner and an auditor the range’s plans, changes as they read then, notifications and access log', async () => {
    const owner = await teacher(server, 'Olga Owner');
    const auditor = await teacher(server, 'Aude Auditor');
    const custom = await owner.post('/api/accommodations', { name: 'Movement breaks every 20 minutes', category: 'behavioral' });
    const id = (await owner.post('/api/students', { ...ava, accommodationIds: ['template-extended-time', custom.body.id] })).body.id as string;
    const plan = await owner.post(`/api/students/${id}/plans`, { startDate: '2026-09-01', reviewDate: '2099-06-01', status: 'active' });
    // A case manager typed as free text, as plans once took: shown, labelled so, for a student with no staff member as one.
    await server.context.eventStore.append(`plan-${plan.body.id}`, [{ type: 'PlanUpdated', data: { planId: plan.body.id, studentId: id, changes: { caseManager: 'Ms. Rivera' } } }], {
      expectedRevision: 'any',
      actor: { userId: owner.user.id },
      correlationId: randomUUID(),
      causationId: null,
    });
    await owner.patch(`/api/accommodations/${custom.body.id}`, { name: 'Movement breaks every 30 minutes', category: 'behavioral' }, { 'If-Match': '"0"' });
    expect((await owner.post(`/api/students/${id}/shares`, { email: auditor.user.email, role: 'auditor' })).status).toBe(201);
    await eventually(() => auditor.get('/api/notifications'), (answer) => answer.body.length > 0);
    await owner.get(`/api/students/${id}`);
    // The plan record: what the meeting decided, printed with the plan and frozen in its versions.
    const record = {
      impairment: 'Type 1 diabetes',
      lifeActivities: ['Eating'],
      participants: [{ name: 'Pat Parent', role: 'Parent' }],
      consent: { date: '2026-08-30', method: 'in-person' },
      specifics: [{ accommodationId: 'template-extended-time', details: 'Time and a half', where: 'Room 12' }],
    };
    expect((await owner.put(`/api/plans/${plan.body.id}/record`, record)).status).toBe(200);
    // Signed, then amended with a reason: the packet holds both versions and who acknowledged them.
    expect((await owner.post(`/api/plans/${plan.body.id}/finalise`)).status).toBe(200);
    const amended = await owner.post(`/api/plans/${plan.body.id}/amendments`, {
      reason: 'Breaks dropped after the team meeting',
      effectiveDate: today(),
      accommodationIds: ['template-extended-time'],
      record: { ...record, consent: { date: '2026-09-02', method: 'by-phone' } },
    });
    expect(amended.status).toBe(201);
    const logged = await owner.post(`/api/students/${id}/implementation-log`, { date: today(), accommodationId: 'template-extended-time', outcome: 'not-provided', note: 'Fire drill during the test' });
    expect(logged.status).toBe(201);

    const range = `from=2026-01-01&to=${today()}&tz=America%2FChicago`;
    const packet = await packetOf(auditor, id, range);
    expect(packet.status).toBe(200);
    expect(packet.disposition).toMatch(/^attachment; filename="Ava M\. - hearing packet - \d{4}-\d{2}-\d{2}\.pdf"/);
    for (const words of [
      'Hearing packet',
      'Ava M., Grade 5',
      'Contents',
      'Plans and accommodations',
      'Ms. Rivera (as recorded on the plan)',
      'Plan record',
      'Type 1 diabetes',
      'Pat Parent (Parent)',
      'Time and a half',
      'Sep 2, 2026, by phone',
      // The history names the accommodation as it read when it was assigned, not as renamed since.
      'Movement breaks every 20 minutes',
      // The record's changes are among the range's changes: its saving, and the amendment that changed its consent.
      'Plan record updated',
      'Plan amended',
      'Parent’s consent: Aug 30, 2026, in person → Sep 2, 2026, by phone',
      'Plan versions and acknowledgements',
      'version 2',
      'Breaks dropped after the team meeting',
      // Signed after the rename: the version reads as it was signed.
      'Removed: Movement breaks every 30 minutes',
      'Teacher asked to acknowledge',
      'Implementation log',
      'Fire drill during the test',
      'Notifications sent',
      'Student shared with you',
      'Aude Auditor',
      'Access log',
      'Student record',
      'Page 1 of',
    ]) {
      expect(packet.text).toContain(words);
    }

    expect(packet.text).not.toMatch(INTERNAL_ID);
    // A student outside a district: the reader's zone, named once at the top rather than after every time.
    expect(packet.text).toContain('Times are in America/Chicago.');
    expect(packet.text).not.toMatch(/\d (AM|PM) (CST|CDT)/);

    const log = await owner.get(`/api/students/${id}/access-log`);
    expect(log.body[0]).toMatchObject({ user: { id: auditor.user.id }, role: 'auditor', action: 'export', what: 'Hearing packet (PDF)' });
    expect((await packetOf(owner, id, range)).status).toBe(200);
  });

  it('names the school and district, a removed accommodation by its name, a plan by its dates, and a version signed early in force from the plan’s start', async () => {
    const [admin, owner] = await Promise.all([teacher(server, 'District Admin'), teacher(server, 'Olga Owner')]);
    const districtId = (await admin.post('/api/districts', { name: 'Riverside Unified' })).body.id as string;
    const schoolId = (await admin.post(`/api/districts/${districtId}/schools`, { name: 'Hillview Middle School' })).body.id as string;
    expect((await admin.post(`/api/schools/${schoolId}/staff`, { email: owner.user.email, role: 'teacher' })).status).toBe(201);
    const id = (await owner.post('/api/students', { ...ava, schoolId, accommodationIds: ['template-extended-time', 'template-small-group'] })).body.id as string;
    const startDate = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const planId = (await owner.post(`/api/students/${id}/plans`, { startDate, reviewDate: '2099-06-01', status: 'active' })).body.id as string;
    const record = {
      impairment: 'Dyslexia',
      lifeActivities: ['Reading'],
      participants: [{ name: 'Pat Parent', role: 'Parent' }],
      specifics: [{ accommodationId: 'template-small-group', details: 'Groups of no more than 6', where: 'Room 118' }],
    };
    expect((await owner.put(`/api/plans/${planId}/record`, record)).status).toBe(200);
    expect((await owner.post(`/api/plans/${planId}/finalise`)).status).toBe(200);
    const versions = await owner.get(`/api/plans/${planId}/versions`);
    expect(versions.body[0].effectiveDate).toBe(startDate);
    // Small group dropped; the record, kept as it was, still gives its specifics.
    expect((await owner.post(`/api/plans/${planId}/amendments`, { reason: 'Reviewed', effectiveDate: startDate, accommodationIds: ['template-extended-time'] })).status).toBe(201);

    const packet = await packetOf(owner, id, `from=2026-01-01&to=${today()}&tz=UTC`);
    expect(packet.status).toBe(200);
    for (const words of ['Hillview Middle School', 'Riverside Unified', 'Small Group', 'Groups of no more than 6']) expect(packet.text).toContain(words);
    expect(packet.text).not.toContain('template-small-group');
    expect(packet.text).not.toContain(planId);
    expect(packet.text).not.toMatch(INTERNAL_ID);
  });

  it('prints every time in the district’s time zone, whatever the reader’s, names the zone once, and the student’s case manager on the plan', async () => {
    const [admin, owner, manager] = await Promise.all([teacher(server, 'District Admin'), teacher(server, 'Olga Owner'), teacher(server, 'Cole Manager')]);
    const districtId = (await admin.post('/api/districts', { name: 'Riverside Unified' })).body.id as string;
    const schoolId = (await admin.post(`/api/districts/${districtId}/schools`, { name: 'Hillview Middle School' })).body.id as string;
    expect((await admin.post(`/api/schools/${schoolId}/staff`, { email: owner.user.email, role: 'teacher' })).status).toBe(201);
    expect((await admin.post(`/api/schools/${schoolId}/staff`, { email: manager.user.email, role: 'coordinator' })).status).toBe(201);
    // Each takes the invitation up by loading the app.
    for (const invitee of [owner, manager]) expect((await invitee.get('/api/auth/me')).status).toBe(200);
    expect((await admin.put(`/api/districts/${districtId}/time-zone`, { timeZone: 'America/Chicago' })).body).toEqual({ timeZone: 'America/Chicago' });
    const id = (await owner.post('/api/students', { ...ava, schoolId })).body.id as string;
    expect((await admin.put(`/api/students/${id}/case-manager`, { userId: manager.user.id })).status).toBe(200);
    const planId = (await owner.post(`/api/students/${id}/plans`, { startDate: '2026-01-05', reviewDate: '2099-06-01', status: 'active' })).body.id as string;
    expect((await owner.get(`/api/plans/${planId}`)).body.caseManagerName).toBe('Cole Manager');
    await owner.get(`/api/students/${id}`);

    const packet = await packetOf(owner, id, `from=2026-01-01&to=${today()}&tz=Asia%2FTokyo`);
    expect(packet.status).toBe(200);
    expect(packet.text).toContain('Times are in America/Chicago, Riverside Unified’s time zone.');
    const viewed = (await owner.get(`/api/students/${id}/access-log`)).body.find((entry: { what: string }) => entry.what === 'Student record') as { at: string };
    const inZone = (timeZone: string) =>
      new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(viewed.at)).replace(/\s+/g, ' ');
    expect(packet.text).toContain(inZone('America/Chicago'));
    expect(packet.text).not.toContain(inZone('Asia/Tokyo'));
    expect(packet.text).not.toContain('Asia/Tokyo');
    // The plans in force name the student's case manager, the staff member the school assigned.
    expect(packet.text).toMatch(/Case manager.*Cole Manager/);
  });

  it('lists a grantee who has not opened the student nowhere, as the shares list names nobody, and by name once they have', async () => {
    const owner = await teacher(server, 'Olga Owner');
    const quiet = await teacher(server, 'Quincy Quiet');
    const id = (await owner.post('/api/students', ava)).body.id as string;
    const plan = await owner.post(`/api/students/${id}/plans`, { startDate: '2026-09-01', reviewDate: '2099-06-01', status: 'active' });
    expect((await owner.put(`/api/plans/${plan.body.id}/record`, minimumPlanRecord)).status).toBe(200);
    expect((await owner.post(`/api/students/${id}/shares`, { email: quiet.user.email, role: 'co-teacher' })).status).toBe(201);
    expect((await owner.post(`/api/plans/${plan.body.id}/finalise`)).status).toBe(200);
    const range = `from=2026-01-01&to=${today()}`;

    const before = await packetOf(owner, id, range);
    expect(before.status).toBe(200);
    // Not listed at all, as a share to an address with no account is not: the list would tell who has an account.
    expect(before.text).not.toContain('Invited, not opened yet');
    expect(before.text).not.toContain('Quincy');

    expect((await quiet.get(`/api/students/${id}`)).status).toBe(200);
    expect((await packetOf(owner, id, range)).text).toContain('Quincy Quiet');
  });

  it('refuses co-teachers, substitutes and class teachers, hides the student from strangers, and asks for a range', async () => {
    const owner = await teacher(server, 'Olga Owner');
    const [coTeacher, substitute, classTeacher, stranger] = await Promise.all(['Cora', 'Sam', 'Tom', 'Eve'].map((name) => teacher(server, name)));
    const id = (await owner.post('/api/students', ava)).body.id as string;
    await owner.post(`/api/students/${id}/shares`, { email: coTeacher!.user.email, role: 'co-teacher' });
    await owner.post(`/api/students/${id}/shares`, { email: substitute!.user.email, role: 'substitute' });
    const classId = (await owner.post('/api/classes', { name: 'Period 2' })).body.id as string;
    await owner.post(`/api/classes/${classId}/teachers`, { email: classTeacher!.user.email });
    await owner.put(`/api/classes/${classId}/students`, { studentIds: [id] });

    const range = `from=2026-01-01&to=${today()}`;
    expect((await coTeacher!.get(`/api/students/${id}/hearing-packet.pdf?${range}`)).body).toEqual({ message: 'Only the owner and auditors can export the hearing packet' });
    for (const [client, status] of [[coTeacher, 403], [substitute, 403], [classTeacher, 403], [stranger, 404]] as const) {
      expect((await packetOf(client!, id, range)).status).toBe(status);
    }
    const missing = await owner.get(`/api/students/${id}/hearing-packet.pdf?from=2026-01-01`);
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ to: 'Choose the first and last day of the range' });
    const backwards = await owner.get(`/api/students/${id}/hearing-packet.pdf?from=2026-05-01&to=2026-04-01`);
    expect(backwards.body).toEqual({ message: 'The range must end on or after the day it starts', errors: { to: 'The range must end on or after the day it starts' } });
    expect((await owner.get(`/api/students/${id}/hearing-packet.pdf?from=2026-02-30&to=2026-04-01`)).status).toBe(400);
    const log = await owner.get(`/api/students/${id}/access-log`);
    expect(log.body.filter((entry: { what: string }) => entry.what === 'Hearing packet (PDF)')).toEqual([]);
  });
});
