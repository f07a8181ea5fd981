import { describe, expect, it } from 'vitest';
import { testServerForFile } from '../../testing/test-server.ts';
import { jane, teacher, type Teacher } from '../../testing/sharing-fixtures.ts';
import { pdfText } from '../../testing/pdf-text.ts';

const server = testServerForFile();

const meeting = {
  impairment: 'ADHD, combined presentation',
  lifeActivities: ['Concentrating', 'Learning', 'Sitting through long lessons'],
  participants: [{ name: 'Dana Doe', role: 'Parent' }, { name: 'Mr. Lee', role: '504 Coordinator' }],
  consent: { date: '2025-08-28', method: 'in-writing' },
  specifics: [{ accommodationId: 'template-extended-time', details: 'Extended time: 1.5× on tests and quizzes', where: 'Resource room', frequency: 'Every test' }],
};
const teamAndSpecifics = { participants: meeting.participants, specifics: meeting.specifics };

/** The records PDF's words, as downloaded (the test client reads bodies as text, which a PDF is not). */
async function recordsPdfOf(client: Teacher, studentId: string): Promise<string> {
  const response = await fetch(`${server.url}/api/students/${studentId}/records.pdf`, { headers: { Cookie: client.cookie ?? '' } });
  expect(response.status).toBe(200);
  return (await pdfText(new Uint8Array(await response.arrayBuffer()))).replace(/\s+/g, ' ');
}

async function planWithTeam() {
  const owner = await teacher(server, 'Olive Owner');
  const studentId = (await owner.post('/api/students', jane)).body.id as string;
  const planId = (await owner.post(`/api/students/${studentId}/plans`, { startDate: '2025-09-01', reviewDate: '2026-09-01' })).body.id as string;
  const share = async (name: string, role: string) => {
    const client = await teacher(server, name);
    expect((await owner.post(`/api/students/${studentId}/shares`, { email: client.user.email, role })).status).toBe(201);
    return client;
  };
  return { owner, studentId, planId, share };
}

describe('the plan record (issue 27)', () => {
  it('records what the meeting decided, with the revision as ETag, and refuses a stale If-Match', async () => {
    const { owner, planId } = await planWithTeam();
    const recorded = await owner.put(`/api/plans/${planId}/record`, meeting, { 'If-Match': '"0"' });
    expect(recorded.status).toBe(200);
    expect(recorded.body.record).toEqual(meeting);
    expect(recorded.headers.get('etag')).toBe('"1"');
    expect((await owner.get(`/api/plans/${planId}`)).body.record).toEqual(meeting);
    expect((await owner.put(`/api/plans/${planId}/record`, { ...meeting, impairment: 'ADHD' }, { 'If-Match': '"0"' })).status).toBe(412);
  });

  it('says what is wrong with a record, field by field', async () => {
    const { owner, planId } = await planWithTeam();
    const wrong = await owner.put(`/api/plans/${planId}/record`, { participants: [{ name: 'Dana', role: '' }], consent: { date: 'yesterday', method: 'by-fax' } });
    expect(wrong.status).toBe(400);
    expect(Object.values(wrong.body.errors)).toEqual(expect.arrayContaining(['Role is required', 'Use a date in the form YYYY-MM-DD', 'Choose how consent was given']));
    const other = await owner.put(`/api/plans/${planId}/record`, { specifics: [{ accommodationId: 'template-small-group', details: 'Groups of 4' }] });
    expect(other.status).toBe(400);
    expect(other.body.errors.specifics).toBe('Specifics can only be given for the student’s own accommodations');
  });

  it('shows the impairment and consent to the owner and an auditor only; co-teachers read the team and specifics, substitutes the specifics only', async () => {
    const { owner, studentId, planId, share } = await planWithTeam();
    const [auditor, substitute, coTeacher] = [await share('Ada Auditor', 'auditor'), await share('Sam Sub', 'substitute'), await share('Cole Co', 'co-teacher')];
    await owner.put(`/api/plans/${planId}/record`, meeting);

    expect((await auditor.get(`/api/plans/${planId}`)).body.record).toEqual(meeting);
    // Who took part names the parent, whose information a substitute does not see.
    expect((await substitute.get(`/api/plans/${planId}`)).body.record).toEqual({ specifics: meeting.specifics });
    expect((await coTeacher.get(`/api/plans/${planId}`)).body.record).toEqual(teamAndSpecifics);
    // The student's accommodations carry the current plan's specifics, for every teacher who carries them out.
    const [extendedTime] = (await substitute.get(`/api/students/${studentId}/accommodations`)).body;
    expect(extendedTime).toMatchObject({ id: 'template-extended-time', specifics: 'Extended time: 1.5× on tests and quizzes · Resource room · Every test' });
    // A list of plans carries no record at all.
    expect((await owner.get('/api/plans')).body.find((plan: { id: string }) => plan.id === planId).record).toBeUndefined();

    // A co-teacher edits the plan, and with it the team and specifics, but cannot blank what they cannot see.
    const edited = await coTeacher.put(`/api/plans/${planId}/record`, { participants: [...meeting.participants, { name: 'Cole Co', role: 'Teacher' }], specifics: meeting.specifics });
    expect(edited.status).toBe(200);
    expect(edited.body.record.impairment).toBeUndefined();
    expect((await owner.get(`/api/plans/${planId}`)).body.record).toMatchObject({ impairment: meeting.impairment, consent: meeting.consent, participants: expect.arrayContaining([{ name: 'Cole Co', role: 'Teacher' }]) });
    expect((await substitute.put(`/api/plans/${planId}/record`, meeting)).status).toBe(403);
  });

  it('freezes the record when finalised: it changes by amendment, whose version shows the differences, restricted ones only to those who may see them', async () => {
    const { owner, studentId, planId, share } = await planWithTeam();
    const substitute = await share('Sam Sub', 'substitute');
    await owner.put(`/api/plans/${planId}/record`, meeting);
    await owner.post(`/api/plans/${planId}/finalise`);
    const locked = await owner.put(`/api/plans/${planId}/record`, { ...meeting, impairment: 'ADHD' });
    expect(locked.status).toBe(409);
    expect(locked.body.message).toBe('This plan is final: amend the plan to change its record');

    const changed = { ...meeting, consent: { date: '2025-09-30', method: 'by-phone' }, specifics: [{ ...meeting.specifics[0], frequency: 'Tests only' }] };
    const { accommodationIds } = (await owner.get(`/api/students/${studentId}`)).body;
    const amended = await owner.post(`/api/plans/${planId}/amendments`, { reason: 'Review meeting', effectiveDate: '2099-01-01', accommodationIds, record: changed });
    expect(amended.status).toBe(201);
    expect((await owner.get(`/api/plans/${planId}`)).body.record).toEqual(changed);

    const [latest, first] = (await owner.get(`/api/plans/${planId}/versions`)).body;
    expect(first.content.record).toEqual(meeting);
    expect(latest.changes.record).toEqual([
      { field: 'consent', before: 'Aug 28, 2025, in writing', after: 'Sep 30, 2025, by phone' },
      { field: 'specifics', accommodationId: 'template-extended-time', before: 'Extended time: 1.5× on tests and quizzes · Resource room · Every test', after: 'Extended time: 1.5× on tests and quizzes · Resource room · Tests only' },
    ]);
    const [seenBySubstitute] = (await substitute.get(`/api/plans/${planId}/versions`)).body;
    expect(seenBySubstitute.content.record).toEqual({ specifics: changed.specifics });
    expect(seenBySubstitute.changes.record.map((change: { field: string }) => change.field)).toEqual(['specifics']);
    // What the plan said on a day: the version in force then, its record with it.
    expect((await substitute.get(`/api/plans/${planId}?asOf=2099-01-02`)).body.record).toEqual({ specifics: changed.specifics });
    expect((await owner.get(`/api/plans/${planId}?asOf=${new Date().toISOString().slice(0, 10)}`)).body.record).toEqual(meeting);
  });

  it('is in the History tab and the records export: whole for the owner, and for a co-teacher only that the record changed, with the team and specifics', async () => {
    const { owner, studentId, planId, share } = await planWithTeam();
    const coTeacher = await share('Cole Co', 'co-teacher');
    expect((await owner.put(`/api/plans/${planId}/record`, meeting)).status).toBe(200);

    const [ownersEntry] = (await owner.get(`/api/students/${studentId}/history`)).body;
    expect(ownersEntry).toMatchObject({ kind: 'Plan record updated', entity: 'plan', entityId: planId, actor: { id: owner.user.id } });
    expect(ownersEntry.changes).toEqual([
      { field: 'impairment', before: null, after: 'ADHD, combined presentation' },
      { field: 'lifeActivities', before: null, after: 'Concentrating, Learning, Sitting through long lessons' },
      { field: 'participants', before: null, after: 'Dana Doe (Parent), Mr. Lee (504 Coordinator)' },
      { field: 'consent', before: null, after: 'Aug 28, 2025, in writing' },
      { field: 'specifics', before: null, after: 'Extended Time: Extended time: 1.5× on tests and quizzes · Resource room · Every test' },
    ]);
    const coTeachersHistory = (await coTeacher.get(`/api/students/${studentId}/history`)).body;
    expect(coTeachersHistory[0]).toMatchObject({ kind: 'Plan record updated', changes: [{ field: 'participants' }, { field: 'specifics' }] });
    expect(JSON.stringify(coTeachersHistory)).not.toMatch(/ADHD|Concentrating|in writing/);

    expect((await owner.get(`/api/students/${studentId}/records.json`)).body.plans[0].record).toEqual(meeting);
    const coTeachersExport = (await coTeacher.get(`/api/students/${studentId}/records.json`)).body;
    expect(coTeachersExport.plans[0].record).toEqual(teamAndSpecifics);
    expect(JSON.stringify(coTeachersExport)).not.toMatch(/ADHD|Concentrating|in writing/);

    const ownersPdf = await recordsPdfOf(owner, studentId);
    for (const line of ['Impairment: ADHD, combined presentation', 'Parent’s consent: Aug 28, 2025, in writing', 'Specifics (Extended Time): Extended time: 1.5× on tests and quizzes', 'Plan record updated by Olive Owner']) {
      expect(ownersPdf).toContain(line);
    }
    const coTeachersPdf = await recordsPdfOf(coTeacher, studentId);
    expect(coTeachersPdf).toContain('Who took part: Dana Doe (Parent), Mr. Lee (504 Coordinator)');
    expect(coTeachersPdf).toContain('Plan record updated by Olive Owner');
    expect(coTeachersPdf).not.toMatch(/ADHD|Concentrating|in writing/);
  });
});
