import { describe, expect, it } from 'vitest';
import { oneRoster11, withLines, type RosterFiles } from '@accommodate/shared-events/domain/testing/roster-fixtures';
import { rosterZip } from '@accommodate/workers/roster/roster-zip-fixtures';
import { signedInTeacher, testServerForFile, type TestClient } from '../../testing/test-server.ts';
import { mailAfter, outboxMessages } from '../../testing/outbox-mail.ts';
import { pdfText } from '../../testing/pdf-text.ts';

// What an import writes is the school's: the admin who runs it is nobody's teacher and owns nothing.
const server = testServerForFile();
const today = () => new Date().toISOString().slice(0, 10);

async function imported(client: TestClient, districtId: string, files: RosterFiles): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(rosterZip(files))]), 'oneroster.zip');
  const started = await client.request('POST', `/api/districts/${districtId}/roster-imports`, { rawBody: form });
  expect(started.status).toBe(202);
  const id = started.body.id as string;
  await expect.poll(async () => (await client.get(`/api/roster-imports/${id}`)).body.status, { timeout: 20_000, interval: 50 }).toBe('done');
}

/**
 * Lakeside's roster with real accounts: Maria the primary teacher of Algebra, Sam its other teacher (listed first,
 * not primary), and Paula the principal of Roosevelt Middle, where Algebra and Ava are.
 */
async function lakeside() {
  const dana = await signedInTeacher(server.url, 'Dana District');
  const districtId = (await dana.post('/api/districts', { name: 'Lakeside USD' })).body.id as string;
  const [maria, sam, paula] = [await signedInTeacher(server.url, 'Maria Lopez'), await signedInTeacher(server.url, 'Sam Okafor'), await signedInTeacher(server.url, 'Paula Principal')];
  const base = oneRoster11();
  const users = base['users.csv']!
    .replace('Maria.Lopez@lakeside.test', maria.account.email)
    .replace('true,s-1,administrator,dprince,,Dana,Prince,,A100,dana.prince@lakeside.test', `true,s-2,administrator,pprincipal,,Paula,Principal,,A100,${paula.account.email}`);
  const files = withLines({ ...base, 'users.csv': users }, 'users.csv', `u-t2,active,,true,s-2,teacher,sokafor,,Sam,Okafor,,T101,${sam.account.email},,,,,`);
  files['enrollments.csv'] = files['enrollments.csv']!.replace('\ne-1,', '\ne-0,active,,c-1,s-2,u-t2,teacher,false,,\ne-1,');
  await imported(dana, districtId, files);
  return { dana, maria, sam, paula };
}

describe('records an import writes belong to the school', () => {
  it('makes nobody of the admin: classes are their SIS teachers’, the primary leading; students read as imported; the admin is not asked to acknowledge', async () => {
    const { dana, maria, sam, paula } = await lakeside();

    // The admin teaches nothing; Maria leads Algebra and Sam co-teaches it.
    expect((await dana.get('/api/classes')).body).toEqual([]);
    const [algebra] = (await maria.get('/api/classes')).body as { id: string; access: string; owner: { name: string } | null; teachers: { name: string | null }[] }[];
    expect(algebra).toMatchObject({ access: 'owner', owner: { name: 'Maria Lopez' } });
    expect(algebra!.teachers.map((teacher) => teacher.name)).toEqual(['Sam Okafor']);
    expect(((await sam.get('/api/classes')).body as { access: string }[]).map((each) => each.access)).toEqual(['teacher']);

    // Ava is the school's: the admin reaches her as the district's admin, and her teachers through Maria's class.
    const ava = ((await dana.get('/api/students')).body as { id: string; name: string }[]).find((student) => student.name === 'Ava M.')!;
    expect((await dana.get(`/api/students/${ava.id}`)).body).toMatchObject({ ownerId: null, access: 'district-admin', sharedBy: null });
    expect((await maria.get(`/api/students/${ava.id}`)).body).toMatchObject({ access: 'class-teacher', sharedBy: null });
    expect((await sam.get(`/api/students/${ava.id}`)).body).toMatchObject({ access: 'class-teacher', sharedBy: { name: 'Maria Lopez' } });
    const history = (await dana.get(`/api/students/${ava.id}/history`)).body as { kind: string; actor: { name: string } }[];
    expect(history.at(-1)).toMatchObject({ kind: 'Imported from the SIS', actor: { name: 'the SIS' } });
    expect(history.map((entry) => entry.actor.name)).not.toContain('Dana District');

    // The principal makes Maria Ava's case manager, who writes and finalises her plan: her teachers are asked to
    // acknowledge it, the district's admin is not.
    expect((await paula.put(`/api/students/${ava.id}/case-manager`, { userId: maria.account.id })).status).toBe(200);
    const details = { firstName: 'Ava', lastInitial: 'M', grade: '8', status: 'active', accommodationIds: ['template-extended-time'] };
    expect((await maria.put(`/api/students/${ava.id}`, details)).status).toBe(200);
    const plan = await maria.post(`/api/students/${ava.id}/plans`, { startDate: today(), reviewDate: '2099-06-01', status: 'active' });
    expect(plan.status).toBe(201);
    const planId = plan.body.id as string;
    const record = { impairment: 'Dyslexia', lifeActivities: ['Reading'], participants: [{ name: 'Pat Parent', role: 'Parent' }], consent: null, specifics: [] };
    expect((await maria.put(`/api/plans/${planId}/record`, record)).status).toBe(200);
    const asked = await mailAfter(
      server.dataDir,
      sam.account.email,
      async () => expect((await maria.post(`/api/plans/${planId}/finalise`)).status).toBe(200),
      (message) => message.text.includes('acknowledge'),
    );
    expect(asked.text).toContain('Please read it and acknowledge it');
    expect(((await sam.get('/api/acknowledgements/pending')).body as { planId: string }[]).map((pending) => pending.planId)).toEqual([planId]);
    expect((await dana.get('/api/acknowledgements/pending')).body).toEqual([]);
    const acknowledgements = (await paula.get(`/api/plans/${planId}/acknowledgements`)).body as { name: string }[];
    expect(acknowledgements.map((teacher) => teacher.name).sort()).toEqual(['Maria Lopez', 'Sam Okafor']);
    // Sam's e-mail has gone out: by then the admin's would have too, had she been asked.
    expect(outboxMessages(server.dataDir).filter((message) => message.to === dana.account.email.toLowerCase() && message.text.includes('acknowledge'))).toEqual([]);

    // The hearing packet lists the teachers asked, and not her.
    const response = await fetch(`${server.url}/api/students/${ava.id}/hearing-packet.pdf?from=2026-01-01&to=${today()}&tz=UTC`, { headers: { Cookie: dana.cookie ?? '' } });
    expect(response.status).toBe(200);
    const text = (await pdfText(new Uint8Array(await response.arrayBuffer()))).replace(/\s+/g, ' ');
    const askedPart = text.slice(text.indexOf('Teacher asked to acknowledge'), text.indexOf('Implementation log', text.indexOf('Teacher asked to acknowledge')));
    expect(askedPart).toContain('Maria Lopez');
    expect(askedPart).toContain('Sam Okafor');
    expect(askedPart).not.toContain('Dana District');
  });
});
