import { describe, expect, it } from 'vitest';
import { startTestServer, TestClient, signedInTeacher, testServerForFile } from '../../testing/test-server.ts';
import { DISTRICT_SIGNUP_CLOSED } from './district-routes.ts';
import { provisionDistrict, provisionSchema } from '../../operator/provision-district.ts';
import type { Presence } from '@accommodate/shared-events/schemas/share';
import { jane, openSocket, waitFor, watch } from '../../testing/sharing-fixtures.ts';

// First step: districts, their schools and admins, and each school's staff. Students join schools later.
const server = testServerForFile();

async function districtWithSchools() {
  const dana = await signedInTeacher(server.url, 'Dana District');
  const created = await dana.post('/api/districts', { name: 'Lakeside USD' });
  expect(created.status).toBe(201);
  const districtId = created.body.id as string;
  const middle = await dana.post(`/api/districts/${districtId}/schools`, { name: 'Lakeside Middle' });
  const high = await dana.post(`/api/districts/${districtId}/schools`, { name: 'Lakeside High' });
  expect([middle.status, high.status]).toEqual([201, 201]);
  return { dana, districtId, middleId: middle.body.id as string, highId: high.body.id as string };
}

describe('districts and schools', () => {
  it('makes the creator the district admin, who creates schools; nobody else learns the district exists', async () => {
    const { dana, districtId, middleId } = await districtWithSchools();
    expect((await dana.get('/api/districts')).body).toEqual([{ id: districtId, name: 'Lakeside USD' }]);
    expect((await dana.get(`/api/districts/${districtId}/schools`)).body.map((school: { name: string }) => school.name)).toEqual(['Lakeside High', 'Lakeside Middle']);
    expect((await dana.get(`/api/districts/${districtId}/schools`)).body).toContainEqual({ id: middleId, name: 'Lakeside Middle', districtId });
    // The list is kept between reads (a school's document carries its staff): a new school is in the next one.
    expect((await dana.post(`/api/districts/${districtId}/schools`, { name: 'Lakeside Elementary' })).status).toBe(201);
    expect((await dana.get(`/api/districts/${districtId}/schools`)).body.map((school: { name: string }) => school.name)).toEqual(['Lakeside Elementary', 'Lakeside High', 'Lakeside Middle']);

    const stranger = await signedInTeacher(server.url, 'Sam Stranger');
    expect((await stranger.get('/api/districts')).body).toEqual([]);
    for (const response of [
      await stranger.get(`/api/districts/${districtId}`),
      await stranger.get(`/api/districts/${districtId}/schools`),
      await stranger.post(`/api/districts/${districtId}/schools`, { name: 'Mine now' }),
      await stranger.post(`/api/districts/${districtId}/admins`, { email: stranger.account.email }),
      await stranger.get(`/api/schools/${middleId}/staff`),
      await stranger.post(`/api/schools/${middleId}/staff`, { email: stranger.account.email, role: 'admin' }),
    ]) {
      expect(response.status).toBe(404);
    }
  });

  it('refuses a nameless district or school, and a staff member without a valid address or role, with the field named', async () => {
    const { dana, districtId, middleId } = await districtWithSchools();
    expect((await dana.post('/api/districts', { name: '  ' })).body).toEqual({ message: 'District name is required', errors: { name: 'District name is required' } });
    expect((await dana.post(`/api/districts/${districtId}/schools`, {})).status).toBe(400);
    const bad = await dana.post(`/api/schools/${middleId}/staff`, { email: 'not-an-address', role: 'principal' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ email: 'Please enter a valid email address', role: 'Please select a role' });
  });

  it("invites staff by e-mail, pending until the address is verified; a coordinator sees the staff but cannot change it; the school's admin can", async () => {
    const { dana, middleId, highId } = await districtWithSchools();
    const cora = await signedInTeacher(server.url, 'Cora Coordinator');
    // The same answer for an address with an account as for one without; Cora takes it up by loading the app.
    expect((await dana.post(`/api/schools/${middleId}/staff`, { email: cora.account.email, role: 'coordinator' })).body).toMatchObject({ status: 'pending' });
    expect((await dana.get(`/api/schools/${middleId}/staff`)).body).toEqual([expect.objectContaining({ name: null, status: 'pending' })]);
    expect((await cora.get('/api/auth/me')).status).toBe(200);
    const email = `pat-${Date.now()}@lakeside.test`;
    expect((await dana.post(`/api/schools/${middleId}/staff`, { email, role: 'admin' })).body).toMatchObject({ status: 'pending' });

    const staff = (await cora.get(`/api/schools/${middleId}/staff`)).body as { name: string | null; email: string | null; role: string; status: string }[];
    expect(staff.map(({ name, role, status }) => [name, role, status]).sort()).toEqual([
      ['Cora Coordinator', 'coordinator', 'active'],
      [null, 'admin', 'pending'],
    ].sort());
    // The addresses are for those who manage the staff.
    expect(staff.every((member) => member.email === null)).toBe(true);
    expect((await cora.post(`/api/schools/${middleId}/staff`, { email: 'x@lakeside.test', role: 'teacher' })).status).toBe(403);
    // Staff of one school learn nothing of another.
    expect((await cora.get(`/api/schools/${highId}/staff`)).status).toBe(404);

    const pat = new TestClient(server.url);
    await pat.register('Pat Principal', email);
    const tom = await signedInTeacher(server.url, 'Tom Teacher');
    expect((await pat.post(`/api/schools/${middleId}/staff`, { email: tom.account.email, role: 'teacher' })).status).toBe(201);
    expect((await tom.get('/api/auth/me')).status).toBe(200);
    expect((await pat.patch(`/api/schools/${middleId}/staff/${tom.account.id}`, { role: 'coordinator' })).status).toBe(204);
    const roles = async () => Object.fromEntries(((await pat.get(`/api/schools/${middleId}/staff`)).body as { name: string; role: string }[]).map((m) => [m.name, m.role]));
    expect(await roles()).toMatchObject({ 'Tom Teacher': 'coordinator', 'Pat Principal': 'admin' });
    expect((await pat.delete(`/api/schools/${middleId}/staff/${tom.account.id}`)).status).toBe(204);
    expect(await roles()).not.toHaveProperty('Tom Teacher');
    expect((await tom.get(`/api/schools/${middleId}/staff`)).status).toBe(404);
    // A second invitation of the same address in another role is a conflict, not a second member.
    const again = await pat.post(`/api/schools/${middleId}/staff`, { email: cora.account.email, role: 'teacher' });
    expect(again.status).toBe(409);
  });

  it("is renamed by the district's admins and the school's own, everywhere its name shows; not by its coordinator", async () => {
    const { dana, districtId, middleId } = await districtWithSchools();
    const cora = await signedInTeacher(server.url, 'Cora Coordinator');
    const pat = await signedInTeacher(server.url, 'Pat Principal');
    for (const [who, role] of [[cora, 'coordinator'], [pat, 'admin']] as const) {
      expect((await dana.post(`/api/schools/${middleId}/staff`, { email: who.account.email, role })).status).toBe(201);
    }
    const renamed = await dana.patch(`/api/schools/${middleId}`, { name: 'Lakeside Middle School' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ id: middleId, name: 'Lakeside Middle School', districtId });
    expect((await dana.get(`/api/districts/${districtId}/schools`)).body.map((school: { name: string }) => school.name)).toEqual(['Lakeside High', 'Lakeside Middle School']);
    expect((await cora.get('/api/schools')).body).toEqual([{ id: middleId, name: 'Lakeside Middle School', districtId, role: 'coordinator' }]);
    const dashboard = (await dana.get(`/api/districts/${districtId}/dashboard`)).body as { schools: { name: string }[] };
    expect(dashboard.schools.map((school) => school.name)).toEqual(['Lakeside High', 'Lakeside Middle School']);

    expect((await pat.patch(`/api/schools/${middleId}`, { name: 'Lakeside Middle' })).body.name).toBe('Lakeside Middle');
    expect((await cora.patch(`/api/schools/${middleId}`, { name: 'Cora’s School' })).status).toBe(403);
    expect((await (await signedInTeacher(server.url, 'Sam Stranger')).patch(`/api/schools/${middleId}`, { name: 'Mine now' })).status).toBe(404);
    const nameless = await dana.patch(`/api/schools/${middleId}`, { name: ' ' });
    expect(nameless.status).toBe(400);
    expect(nameless.body.errors).toEqual({ name: 'School name is required' });
    expect((await dana.get(`/api/districts/${districtId}/schools`)).body.map((school: { name: string }) => school.name)).toEqual(['Lakeside High', 'Lakeside Middle']);
  });

  it('adds a district admin, who then manages its schools', async () => {
    const { dana, districtId, middleId } = await districtWithSchools();
    const eli = await signedInTeacher(server.url, 'Eli Admin');
    const invited = await dana.post(`/api/districts/${districtId}/admins`, { email: eli.account.email });
    // The same answer as for an address without an account, and unnamed in the list until Eli signs in.
    expect(invited.status).toBe(201);
    expect(invited.body).toEqual({ email: eli.account.email.toLowerCase(), status: 'pending' });
    expect((await dana.get(`/api/districts/${districtId}/admins`)).body).toContainEqual(expect.objectContaining({ name: null, status: 'pending' }));
    expect((await eli.get('/api/districts')).body).toEqual([{ id: districtId, name: 'Lakeside USD' }]);
    expect((await eli.post(`/api/schools/${middleId}/staff`, { email: 'new@lakeside.test', role: 'teacher' })).status).toBe(201);
  });
});

describe('invitations tell nobody who has an account', () => {
  it('limits the invitations one account sends in an hour, school staff, district admins and class teachers together', async () => {
    const { dana, districtId, middleId } = await districtWithSchools();
    for (let n = 0; n < 28; n += 1) {
      expect((await dana.post(`/api/schools/${middleId}/staff`, { email: `try-${n}@lakeside.test`, role: 'teacher' })).status).toBe(201);
    }
    expect((await dana.post(`/api/districts/${districtId}/admins`, { email: 'admin-try@lakeside.test' })).status).toBe(201);
    const classId = (await dana.post('/api/classes', { name: 'Homeroom', schoolId: middleId })).body.id as string;
    expect((await dana.post(`/api/classes/${classId}/teachers`, { email: 'class-try@lakeside.test' })).status).toBe(201);
    for (const refused of [
      await dana.post(`/api/schools/${middleId}/staff`, { email: 'one-more@lakeside.test', role: 'teacher' }),
      await dana.post(`/api/districts/${districtId}/admins`, { email: 'one-more@lakeside.test' }),
      await dana.post(`/api/classes/${classId}/teachers`, { email: 'one-more@lakeside.test' }),
    ]) {
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: 'Too many invitations in a short time. Please try again later.' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Another admin's invitations are theirs to count.
    const other = await districtWithSchools();
    expect((await other.dana.post(`/api/schools/${other.middleId}/staff`, { email: 'one-more@lakeside.test', role: 'teacher' })).status).toBe(201);
  });
});

describe('removing a district admin', () => {
  it('ends the role at once, lists who is left, and never removes the last admin', async () => {
    const { dana, districtId, middleId } = await districtWithSchools();
    const eli = await signedInTeacher(server.url, 'Eli Admin');
    expect((await dana.post(`/api/districts/${districtId}/admins`, { email: eli.account.email })).status).toBe(201);
    expect((await eli.get('/api/auth/me')).status).toBe(200);
    const pendingEmail = `pia-${Date.now()}@lakeside.test`;
    expect((await dana.post(`/api/districts/${districtId}/admins`, { email: pendingEmail })).status).toBe(201);
    const admins = (await dana.get(`/api/districts/${districtId}/admins`)).body as { id: string; name: string | null; email: string; status: string }[];
    expect(admins.map(({ name, email, status }) => [name, email, status])).toEqual([
      ['Dana District', dana.account.email.toLowerCase(), 'active'],
      ['Eli Admin', eli.account.email.toLowerCase(), 'active'],
      [null, pendingEmail, 'pending'],
    ]);
    expect((await eli.get(`/api/districts/${districtId}/schools`)).status).toBe(200);

    expect((await dana.delete(`/api/districts/${districtId}/admins/${eli.account.id}`)).status).toBe(204);
    // The very next request is refused, as for anyone who never administered it.
    for (const response of [
      await eli.get(`/api/districts/${districtId}`),
      await eli.get(`/api/districts/${districtId}/schools`),
      await eli.get(`/api/districts/${districtId}/admins`),
      await eli.post(`/api/schools/${middleId}/staff`, { email: 'x@lakeside.test', role: 'teacher' }),
      await eli.delete(`/api/districts/${districtId}/admins/${dana.account.id}`),
    ]) {
      expect(response.status).toBe(404);
    }
    expect((await eli.get('/api/districts')).body).toEqual([]);

    // A pending invitation is withdrawn by its id: the address proved later gives nothing.
    const pending = admins.find((admin) => admin.status === 'pending')!;
    expect((await dana.delete(`/api/districts/${districtId}/admins/${pending.id}`)).status).toBe(204);
    const pia = new TestClient(server.url);
    await pia.register('Pia Pending', pendingEmail);
    expect((await pia.get('/api/districts')).body).toEqual([]);

    const last = await dana.delete(`/api/districts/${districtId}/admins/${dana.account.id}`);
    expect(last.status).toBe(409);
    expect(last.body).toEqual({ message: 'A district needs at least one admin. Add another admin before you remove yourself.' });
    expect((await dana.get(`/api/districts/${districtId}`)).status).toBe(200);
    expect((await dana.delete(`/api/districts/${districtId}/admins/${eli.account.id}`)).status).toBe(404);
  });

  it("takes the removed admin's live sockets out of the rooms of the district's students", async () => {
    const { dana, districtId, middleId } = await districtWithSchools();
    const eli = await signedInTeacher(server.url, 'Eli Admin');
    expect((await dana.post(`/api/districts/${districtId}/admins`, { email: eli.account.email })).status).toBe(201);
    expect((await eli.get('/api/auth/me')).status).toBe(200);
    const created = await dana.post('/api/students', { ...jane, schoolId: middleId });
    expect(created.status).toBe(201);
    const studentId = created.body.id as string;
    const [danaSocket, eliSocket] = await Promise.all([openSocket(dana), openSocket(eli)]);
    try {
      const seen: Presence[] = [];
      danaSocket.on('presence', (message: Presence) => void seen.push(message));
      expect(await watch(danaSocket, studentId)).toEqual({ ok: true });
      expect(await watch(eliSocket, studentId)).toEqual({ ok: true });
      await waitFor(() => seen.at(-1)?.users.length === 2);

      expect((await dana.delete(`/api/districts/${districtId}/admins/${eli.account.id}`)).status).toBe(204);
      await waitFor(() => seen.at(-1)?.users.length === 1);
      expect(seen.at(-1)?.users.map((user) => user.userId)).toEqual([dana.account.id]);
      expect(await watch(eliSocket, studentId)).toEqual({ ok: false, message: 'Not found' });
    } finally {
      danaSocket.close();
      eliSocket.close();
    }
  });

  it('lets an admin remove the creator, and leave themselves while another admin stays', async () => {
    const { dana, districtId } = await districtWithSchools();
    const eli = await signedInTeacher(server.url, 'Eli Admin');
    const fay = await signedInTeacher(server.url, 'Fay Admin');
    for (const who of [eli, fay]) expect((await dana.post(`/api/districts/${districtId}/admins`, { email: who.account.email })).status).toBe(201);
    for (const who of [eli, fay]) expect((await who.get('/api/auth/me')).status).toBe(200);
    expect((await eli.delete(`/api/districts/${districtId}/admins/${dana.account.id}`)).status).toBe(204);
    expect((await dana.get(`/api/districts/${districtId}`)).status).toBe(404);
    expect((await fay.delete(`/api/districts/${districtId}/admins/${fay.account.id}`)).status).toBe(204);
    expect((await fay.get('/api/districts')).body).toEqual([]);
    expect(((await eli.get(`/api/districts/${districtId}/admins`)).body as { name: string }[]).map((admin) => admin.name)).toEqual(['Eli Admin']);
  });

  it("is refused to another district's admin and to strangers, who learn nothing of the district", async () => {
    const { dana, districtId } = await districtWithSchools();
    const other = await districtWithSchools();
    const stranger = await signedInTeacher(server.url, 'Sam Stranger');
    for (const who of [other.dana, stranger]) {
      expect((await who.get(`/api/districts/${districtId}/admins`)).status).toBe(404);
      expect((await who.delete(`/api/districts/${districtId}/admins/${dana.account.id}`)).status).toBe(404);
    }
    // Naming this district's admin under one's own district removes nobody.
    expect((await other.dana.delete(`/api/districts/${other.districtId}/admins/${dana.account.id}`)).status).toBe(404);
    expect((await dana.get(`/api/districts/${districtId}`)).status).toBe(200);
  });
});

describe('with DISTRICT_SIGNUP=closed', () => {
  it('refuses to create a district through the API, saying who sets districts up', async () => {
    const closed = await startTestServer({ DISTRICT_SIGNUP: 'closed' });
    try {
      const teacher = await signedInTeacher(closed.url, 'Tia Teacher');
      const refused = await teacher.post('/api/districts', { name: 'Lakeside USD' });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ message: DISTRICT_SIGNUP_CLOSED });
    } finally {
      await closed.close();
    }
  });
});

describe('npm run district:create (the operator provisions a district)', () => {
  it('makes the district with its admin: at once for a verified account, pending for an address without one', async () => {
    const stores = { eventStore: server.context.eventStore, readStore: server.context.readStore };
    const dana = await signedInTeacher(server.url, 'Dana District');
    const made = await provisionDistrict(stores, { name: 'Riverside USD', admin: dana.account.email });
    expect(made.adminActive).toBe(true);
    await expect.poll(async () => (await dana.get('/api/districts')).body).toEqual([{ id: made.districtId, name: 'Riverside USD' }]);
    expect((await dana.post(`/api/districts/${made.districtId}/schools`, { name: 'Riverside Elementary' })).status).toBe(201);

    const email = `eve-${Date.now()}@riverside.test`;
    const pending = await provisionDistrict(stores, { name: 'Hillside USD', admin: email });
    expect(pending.adminActive).toBe(false);
    const eve = new TestClient(server.url);
    await eve.register('Eve Admin', email);
    await expect.poll(async () => (await eve.get('/api/districts')).body).toEqual([{ id: pending.districtId, name: 'Hillside USD' }]);
    expect(() => provisionSchema.parse({ name: '', admin: 'nobody' })).toThrow();
  });
});
