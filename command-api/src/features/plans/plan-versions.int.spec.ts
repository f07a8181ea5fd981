import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testServerForFile } from '../../testing/test-server.ts';
import { jane, minimumPlanRecord, teacher } from '../../testing/sharing-fixtures.ts';

const server = testServerForFile();
const today = () => new Date().toISOString().slice(0, 10);

async function ownerWithPlan() {
  const owner = await teacher(server, 'Olive Owner');
  const studentId = (await owner.post('/api/students', jane)).body.id as string;
  const planId = (await owner.post(`/api/students/${studentId}/plans`, { startDate: '2025-09-01', reviewDate: '2026-09-01', meetingDate: '2025-08-28' })).body.id as string;
  await owner.put(`/api/plans/${planId}/record`, minimumPlanRecord);
  return { owner, studentId, planId };
}

describe('plan versions', () => {
  it('refuses to finalise a plan with nothing in it, listing what a 504 plan must record', async () => {
    const owner = await teacher(server, 'Olive Owner');
    const studentId = (await owner.post('/api/students', { ...jane, accommodationIds: [] })).body.id as string;
    const planId = (await owner.post(`/api/students/${studentId}/plans`, { startDate: '2025-09-01', reviewDate: '2026-09-01' })).body.id as string;
    const empty = await owner.post(`/api/plans/${planId}/finalise`);
    expect(empty.status).toBe(409);
    expect(empty.body).toEqual({
      message: 'This plan cannot be finalised yet: it is missing what a 504 plan must record',
      missing: ['The impairment', 'At least one major life activity it limits', 'At least one accommodation', 'Who took part in the meeting'],
    });
    expect((await owner.get(`/api/plans/${planId}`)).body.version ?? 0).toBe(0);

    await owner.put(`/api/plans/${planId}/record`, minimumPlanRecord);
    expect((await owner.post(`/api/plans/${planId}/finalise`)).body.missing).toEqual(['At least one accommodation']);
    await owner.put(`/api/students/${studentId}`, jane);
    expect((await owner.post(`/api/plans/${planId}/finalise`)).body).toEqual({ version: 1 });
  });

  it('finalises a plan as version 1 with the accommodations as they read then, and refuses to finalise it again', async () => {
    const { owner, studentId, planId } = await ownerWithPlan();
    const custom = (await owner.post('/api/accommodations', { name: 'Movement breaks every 20 minutes', category: 'behavioral' })).body;
    expect((await owner.put(`/api/students/${studentId}`, { ...jane, accommodationIds: ['template-extended-time', custom.id] })).status).toBe(200);

    const finalised = await owner.post(`/api/plans/${planId}/finalise`);
    expect(finalised.status).toBe(200);
    expect(finalised.body).toEqual({ version: 1 });
    const again = await owner.post(`/api/plans/${planId}/finalise`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This plan is already final: amend it to change it');
    expect((await owner.get(`/api/plans/${planId}`)).body.version).toBe(1);

    // The library entry is renamed later: the version still reads as it was signed.
    await owner.patch(`/api/accommodations/${custom.id}`, { name: 'Movement breaks every 30 minutes', category: 'behavioral' });
    const [version] = (await owner.get(`/api/plans/${planId}/versions`)).body;
    expect(version).toMatchObject({ version: 1, kind: 'finalised', by: { id: owner.user.id, name: 'Olive Owner' }, reason: null, effectiveDate: today() });
    expect(version.content).toMatchObject({ startDate: '2025-09-01', reviewDate: '2026-09-01', meetingDate: '2025-08-28' });
    expect(version.content.accommodations.map((a: { name: string }) => a.name)).toEqual(['Extended Time', 'Movement breaks every 20 minutes']);
    expect(version.changes.added).toHaveLength(2);
  });

  it('locks the accommodations of a final plan: a student edit changing them is refused, an amendment changes them', async () => {
    const { owner, studentId, planId } = await ownerWithPlan();
    expect((await owner.post(`/api/plans/${planId}/amendments`, { reason: 'Too soon', effectiveDate: today(), accommodationIds: [] })).status).toBe(409);
    await owner.post(`/api/plans/${planId}/finalise`);

    const edit = await owner.put(`/api/students/${studentId}`, { ...jane, accommodationIds: ['template-small-group'] });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe('This student’s plan is final: amend the plan to change accommodations');
    expect((await owner.put(`/api/students/${studentId}`, { ...jane, grade: '5' })).status).toBe(200);
    expect((await owner.patch(`/api/plans/${planId}`, { reviewDate: '2026-10-01' })).status).toBe(409);

    const noReason = await owner.post(`/api/plans/${planId}/amendments`, { reason: ' ', effectiveDate: today(), accommodationIds: [] });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors.reason).toBe('A reason is required');
    const notMine = await owner.post(`/api/plans/${planId}/amendments`, { reason: 'x', effectiveDate: today(), accommodationIds: ['someone-elses'] });
    expect(notMine.status).toBe(400);

    const amended = await owner.post(`/api/plans/${planId}/amendments`, { reason: 'Small group testing agreed at the meeting', effectiveDate: '2099-01-01', accommodationIds: ['template-small-group'] });
    expect(amended.status).toBe(201);
    expect(amended.body).toEqual({ version: 2 });
    expect((await owner.get(`/api/students/${studentId}`)).body.accommodationIds).toEqual(['template-small-group']);

    const [latest, first] = (await owner.get(`/api/plans/${planId}/versions`)).body;
    expect(latest).toMatchObject({ version: 2, kind: 'amended', reason: 'Small group testing agreed at the meeting', effectiveDate: '2099-01-01' });
    expect(latest.changes.added.map((a: { id: string }) => a.id)).toEqual(['template-small-group']);
    expect(latest.changes.removed.map((a: { id: string }) => a.id)).toEqual(['template-extended-time']);
    expect(first.version).toBe(1);

    // As of a day: the version in force by its effective date.
    const now = await owner.get(`/api/plans/${planId}?asOf=${today()}`);
    expect(now.body).toMatchObject({ id: planId, asOf: today(), version: 1 });
    expect(now.body.accommodations.map((a: { id: string }) => a.id)).toEqual(['template-extended-time']);
    expect((await owner.get(`/api/plans/${planId}?asOf=2099-01-01`)).body.version).toBe(2);

    // A final plan's dates change through an amendment too.
    const moved = await owner.post(`/api/plans/${planId}/amendments`, { reason: 'Review moved up', effectiveDate: '2099-01-02', accommodationIds: ['template-small-group'], reviewDate: '2026-06-01' });
    expect(moved.status).toBe(201);
    expect((await owner.get(`/api/plans/${planId}`)).body).toMatchObject({ version: 3, reviewDate: '2026-06-01' });
    const [third] = (await owner.get(`/api/plans/${planId}/versions`)).body;
    expect(third.changes).toEqual({ added: [], removed: [], record: [], fields: [{ field: 'reviewDate', before: '2026-09-01', after: '2026-06-01' }] });
    expect((await owner.get(`/api/plans/${planId}?asOf=2020-01-01`)).status).toBe(404);
    expect((await owner.get(`/api/plans/${planId}?asOf=yesterday`)).status).toBe(400);
  });

  it('answers a plan never finalised by that day in its draft state', async () => {
    const { owner, planId } = await ownerWithPlan();
    const draft = await owner.get(`/api/plans/${planId}?asOf=${today()}`);
    expect(draft.status).toBe(200);
    expect(draft.body).toMatchObject({ id: planId, startDate: '2025-09-01', asOf: today() });
    expect(draft.body.version).toBeUndefined();
  });
});

describe('teacher acknowledgement', () => {
  it('asks every teacher of the student but auditors, once per version, and again after an amendment', async () => {
    const { owner, studentId, planId } = await ownerWithPlan();
    const coTeacher = await teacher(server, 'Cole Colleague');
    const substitute = await teacher(server, 'Sue Substitute');
    const auditor = await teacher(server, 'Audrey Auditor');
    for (const [who, role] of [[coTeacher, 'co-teacher'], [substitute, 'substitute'], [auditor, 'auditor']] as const) {
      expect((await owner.post(`/api/students/${studentId}/shares`, { email: who.user.email, role })).status).toBe(201);
    }
    await owner.post(`/api/plans/${planId}/finalise`);

    expect((await owner.get('/api/acknowledgements/pending')).body).toEqual([]);
    const pending = (await coTeacher.get('/api/acknowledgements/pending')).body;
    expect(pending).toEqual([{ planId, studentId, studentName: 'Jane D.', version: 1, since: expect.any(String) }]);
    expect((await auditor.get('/api/acknowledgements/pending')).body).toEqual([]);

    const first = await coTeacher.post(`/api/plans/${planId}/versions/1/acknowledgement`);
    expect(first.status).toBe(201);
    const again = await coTeacher.post(`/api/plans/${planId}/versions/1/acknowledgement`);
    expect(again.status).toBe(200);
    expect(again.body.at).toBe(first.body.at);
    expect((await coTeacher.get('/api/acknowledgements/pending')).body).toEqual([]);
    expect((await auditor.post(`/api/plans/${planId}/versions/1/acknowledgement`)).status).toBe(403);
    expect((await coTeacher.post(`/api/plans/${planId}/versions/7/acknowledgement`)).status).toBe(404);

    // Named once they have opened the student, that is taken their shares up.
    for (const who of [coTeacher, substitute]) expect((await who.get(`/api/students/${studentId}`)).status).toBe(200);
    const list = (await auditor.get(`/api/plans/${planId}/acknowledgements`)).body as { name: string; role: string; acknowledgedAt: string | null; pendingSince: string | null }[];
    const byName = Object.fromEntries(list.map((entry) => [entry.name, entry]));
    expect(Object.keys(byName).sort()).toEqual(['Cole Colleague', 'Olive Owner', 'Sue Substitute']);
    expect(byName['Cole Colleague']).toMatchObject({ role: 'co-teacher', version: 1, acknowledgedAt: first.body.at, pendingSince: null });
    expect(byName['Sue Substitute']).toMatchObject({ role: 'substitute', acknowledgedAt: null, pendingSince: expect.any(String) });
    expect(byName['Olive Owner']?.acknowledgedAt).not.toBeNull();

    expect((await substitute.post(`/api/plans/${planId}/amendments`, { reason: 'x', effectiveDate: today(), accommodationIds: [] })).status).toBe(403);
    await owner.post(`/api/plans/${planId}/amendments`, { reason: 'Annual review', effectiveDate: today(), accommodationIds: ['template-extended-time'] });
    expect((await coTeacher.get('/api/acknowledgements/pending')).body.map((p: { version: number }) => p.version)).toEqual([2]);
    expect((await substitute.get('/api/acknowledgements/pending')).body.map((p: { version: number }) => p.version)).toEqual([2]);
  });

  it('lists a grantee who has not opened the student yet to nobody, as it lists a share to an address with no account', async () => {
    const { owner, studentId, planId } = await ownerWithPlan();
    const coTeacher = await teacher(server, 'Cora Quiet');
    expect((await owner.post(`/api/students/${studentId}/shares`, { email: coTeacher.user.email, role: 'co-teacher' })).status).toBe(201);
    expect((await owner.post(`/api/students/${studentId}/shares`, { email: `nobody-${randomUUID()}@school.test`, role: 'co-teacher' })).status).toBe(201);
    expect((await owner.post(`/api/plans/${planId}/finalise`)).status).toBe(200);

    // Whether the address has an account or not, the list is the same: the owner alone until the grantee opens the student.
    const before = (await owner.get(`/api/plans/${planId}/acknowledgements`)).body as { userId: string; name: string; role: string }[];
    expect(before.map((entry) => entry.name)).toEqual(['Olive Owner']);
    expect(before.map((entry) => entry.userId)).not.toContain(coTeacher.user.id);
    expect(JSON.stringify(before)).not.toContain('Cora Quiet');
    // Revoking the share before it is taken up reveals nobody either.
    const shareId = ((await owner.get(`/api/students/${studentId}/shares`)).body as { id: string }[])[0]!.id;
    expect((await owner.delete(`/api/students/${studentId}/shares/${shareId}`)).status).toBe(204);
    expect(JSON.stringify((await owner.get(`/api/plans/${planId}/acknowledgements`)).body)).not.toContain('Cora Quiet');
  });

  it('shows a grantee themselves by name, so they can acknowledge from the list', async () => {
    const { owner, studentId, planId } = await ownerWithPlan();
    const coTeacher = await teacher(server, 'Cora Self');
    await owner.post(`/api/students/${studentId}/shares`, { email: coTeacher.user.email, role: 'co-teacher' });
    await owner.post(`/api/plans/${planId}/finalise`);
    expect((await coTeacher.get(`/api/plans/${planId}/acknowledgements`)).body).toContainEqual(expect.objectContaining({ userId: coTeacher.user.id, name: 'Cora Self' }));
  });

  it('names a grantee who acknowledged the plan from their dashboard, without opening the student', async () => {
    const { owner, studentId, planId } = await ownerWithPlan();
    const coTeacher = await teacher(server, 'Cora Busy');
    await owner.post(`/api/students/${studentId}/shares`, { email: coTeacher.user.email, role: 'co-teacher' });
    await owner.post(`/api/plans/${planId}/finalise`);
    expect((await coTeacher.post(`/api/plans/${planId}/versions/1/acknowledgement`)).status).toBe(201);
    expect((await owner.get(`/api/plans/${planId}/acknowledgements`)).body).toContainEqual(expect.objectContaining({ userId: coTeacher.user.id, name: 'Cora Busy', acknowledgedAt: expect.any(String) }));
  });

  it('names a grantee once they have opened the student', async () => {
    const { owner, studentId, planId } = await ownerWithPlan();
    const coTeacher = await teacher(server, 'Cora Open');
    await owner.post(`/api/students/${studentId}/shares`, { email: coTeacher.user.email, role: 'co-teacher' });
    await owner.post(`/api/plans/${planId}/finalise`);
    expect((await coTeacher.get(`/api/students/${studentId}`)).status).toBe(200);
    expect((await owner.get(`/api/plans/${planId}/acknowledgements`)).body).toContainEqual(expect.objectContaining({ userId: coTeacher.user.id, name: 'Cora Open', role: 'co-teacher' }));
  });
});
