import { describe, expect, it } from 'vitest';
import { FREE_STUDENT_LIMIT } from '@accommodate/shared-events/config/plans';
import { openEventStore } from '@accommodate/shared-events/event-store/open-event-store';
import { signedInTeacher, TestClient, testServerForFile } from '../../testing/test-server.ts';

const server = testServerForFile();

const jane = { firstName: 'Jane', lastInitial: 'd', grade: '4', status: 'active', accommodationIds: ['template-extended-time'] };

const teacher = () => signedInTeacher(server.url);

describe('students API', () => {
  it('validates the student form with the spec messages', async () => {
    const client = await teacher();
    const empty = await client.post('/api/students', {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({
      firstName: 'First name is required',
      lastInitial: 'Last initial is required',
      grade: 'Grade is required',
      status: 'Status is required',
    });
    expect(empty.body.message).toBe('First name is required');

    const blanks = await client.post('/api/students', { firstName: '  ', lastInitial: '', grade: '', status: '' });
    expect(blanks.body.errors).toEqual({
      firstName: 'First name is required',
      lastInitial: 'Last initial is required',
      grade: 'Grade is required',
      status: 'Status is required',
    });

    const longInitial = await client.post('/api/students', { ...jane, lastInitial: 'Doe' });
    expect(longInitial.status).toBe(400);
    expect(longInitial.body.errors).toEqual({ lastInitial: 'Please enter only the first letter of the last name' });

    const badGrade = await client.post('/api/students', { ...jane, grade: '13' });
    expect(badGrade.body.errors).toEqual({ grade: 'Grade is required' });

    expect((await client.get('/api/students')).body).toEqual([]);
  });

  it('creates a student for the signed-in user, ignoring a userId in the body', async () => {
    const client = await teacher();
    const created = await client.post('/api/students', { ...jane, userId: 1, ownerId: 'someone-else' });
    expect(created.status).toBe(201);
    expect(created.headers.get('etag')).toBe('"1"');
    expect(created.body).toMatchObject({
      firstName: 'Jane',
      lastInitial: 'D',
      name: 'Jane D.',
      grade: '4',
      status: 'active',
      ownerId: client.account.id,
      accommodationIds: ['template-extended-time'],
      revision: 1,
    });
    expect(created.body).not.toHaveProperty('viewerIds');
    expect(created.body).not.toHaveProperty('userId');

    const one = await client.get(`/api/students/${created.body.id}`);
    expect(one.status).toBe(200);
    expect(one.headers.get('etag')).toBe('"1"');
    expect(one.body).toEqual(created.body);

    const accommodations = await client.get(`/api/students/${created.body.id}/accommodations`);
    expect(accommodations.body).toEqual([
      {
        id: 'template-extended-time',
        name: 'Extended Time',
        category: 'academic',
        description: expect.stringContaining('1.5x'),
        status: 'active',
      },
    ]);
  });

  it('lists only the user’s students, sorted by first name, with their accommodations', async () => {
    const client = await teacher();
    const zoe = await client.post('/api/students', { ...jane, firstName: 'Zoe', accommodationIds: [] });
    const adam = await client.post('/api/students', { ...jane, firstName: 'adam', accommodationIds: ['template-breaks', 'template-small-group'] });
    const other = await teacher();
    await other.post('/api/students', { ...jane, firstName: 'Hidden' });

    const list = await client.get('/api/students');
    expect(list.body.map((s: { firstName: string }) => s.firstName)).toEqual(['adam', 'Zoe']);

    const all = await client.get('/api/students/accommodations/all');
    expect(Object.keys(all.body).sort()).toEqual([adam.body.id, zoe.body.id].sort());
    expect(all.body[zoe.body.id]).toEqual([]);
    expect(all.body[adam.body.id].map((a: { name: string }) => a.name)).toEqual(['Breaks', 'Small Group']);
  });

  it('lists what the list and search show, and leaves birthdate, parent fields and notes to the one student', async () => {
    const client = await teacher();
    const personal = { birthdate: '2015-04-02', parentName: 'Pat Parent', parentEmail: 'pat@example.com', parentNotes: 'Call after 3', notes: '<p>Anxious</p>' };
    const created = await client.post('/api/students', { ...jane, ...personal });
    const [row] = (await client.get('/api/students')).body as Record<string, unknown>[];
    expect(Object.keys(row ?? {}).sort()).toEqual(
      ['access', 'accommodationIds', 'archived', 'caseManagerId', 'createdAt', 'firstName', 'grade', 'id', 'lastInitial', 'name', 'ownerId', 'revision', 'schoolId', 'sharedBy', 'status', 'updatedAt'],
    );
    expect(row).toMatchObject({ id: created.body.id, name: 'Jane D.', grade: '4', status: 'active', access: 'owner' });
    expect((await client.get(`/api/students/${created.body.id}`)).body).toMatchObject({ ...personal, notes: '<p>Anxious</p>' });
  });

  it('refuses accommodations outside the user’s library', async () => {
    const owner = await teacher();
    const own = await owner.post('/api/accommodations', { name: 'Private Thing', category: 'custom' });
    const client = await teacher();
    for (const id of ['does-not-exist', own.body.id]) {
      const refused = await client.post('/api/students', { ...jane, accommodationIds: [id] });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toHaveProperty('accommodationIds');
    }
    const mine = await owner.post('/api/students', { ...jane, accommodationIds: [own.body.id] });
    expect(mine.status).toBe(201);
    const listed = await owner.get(`/api/students/${mine.body.id}/accommodations`);
    expect(listed.body).toMatchObject([{ id: own.body.id, name: 'Private Thing', category: 'custom', status: 'active' }]);
  });

  it('shows renamed library accommodations on the student and drops deleted ones', async () => {
    const client = await teacher();
    const own = await client.post('/api/accommodations', { name: 'Fidget Cube', category: 'behavioral' });
    const student = await client.post('/api/students', { ...jane, accommodationIds: [own.body.id] });
    await client.patch(`/api/accommodations/${own.body.id}`, { name: 'Fidget Ring', category: 'behavioral' }, { 'If-Match': '"0"' });
    expect((await client.get(`/api/students/${student.body.id}/accommodations`)).body[0].name).toBe('Fidget Ring');
    await client.delete(`/api/accommodations/${own.body.id}`);
    expect((await client.get(`/api/students/${student.body.id}/accommodations`)).body).toEqual([]);
  });

  it('counts quick concurrent additions against the limit', async () => {
    const client = await teacher();
    const burst = await Promise.all(
      Array.from({ length: FREE_STUDENT_LIMIT + 2 }, (_, i) => client.post('/api/students', { ...jane, firstName: `Twin${i}` })),
    );
    expect(burst.filter((response) => response.status === 201)).toHaveLength(FREE_STUDENT_LIMIT);
    expect(burst.filter((response) => response.status === 403)).toHaveLength(2);
    expect((await client.get('/api/students')).body).toHaveLength(FREE_STUDENT_LIMIT);
  });

  it('stops a free account at the limit, and Premium lifts it', async () => {
    const client = await teacher();
    for (let i = 0; i < FREE_STUDENT_LIMIT; i++) {
      expect((await client.post('/api/students', { ...jane, firstName: `Kid${i}` })).status).toBe(201);
    }
    expect((await client.get('/api/auth/me')).body.studentCount).toBe(FREE_STUDENT_LIMIT);
    const over = await client.post('/api/students', jane);
    expect(over.status).toBe(403);
    expect(over.body.message).toBe(`The free plan is limited to ${FREE_STUDENT_LIMIT} students. Upgrade to Premium for unlimited students.`);

    // Quick double clicks at the limit: none of them gets past it.
    const burst = await Promise.all([client.post('/api/students', jane), client.post('/api/students', jane)]);
    expect(burst.map((response) => response.status)).toEqual([403, 403]);

    expect((await client.post('/api/upgrade-to-premium', {})).status).toBe(200);
    expect((await client.post('/api/students', jane)).status).toBe(201);
    expect((await client.get('/api/students')).body).toHaveLength(FREE_STUDENT_LIMIT + 1);
  });

  it('updates with If-Match, sanitises notes, and answers a stale write with 412 and the current student', async () => {
    const client = await teacher();
    const created = await client.post('/api/students', jane);
    const id = created.body.id;
    const form = {
      ...jane,
      grade: 'K',
      birthdate: '2018-04-02',
      parentName: 'Pat Doe',
      parentEmail: 'pat@example.com',
      parentNotes: 'Prefers e-mail',
      notes: '<p>Likes <strong>maths</strong><script>alert(1)</script><a href="javascript:alert(1)" onclick="x()">link</a></p>',
      accommodationIds: ['template-breaks'],
    };
    const updated = await client.put(`/api/students/${id}`, form, { 'If-Match': created.headers.get('etag')! });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      grade: 'K',
      birthdate: '2018-04-02',
      parentName: 'Pat Doe',
      parentEmail: 'pat@example.com',
      notes: '<p>Likes <strong>maths</strong><a rel="noopener noreferrer">link</a></p>',
      accommodationIds: ['template-breaks'],
    });
    const etag = updated.headers.get('etag');
    expect(etag).toBe('"3"');
    expect((await client.get(`/api/students/${id}/accommodations`)).body.map((a: { name: string }) => a.name)).toEqual(['Breaks']);

    const badEmail = await client.put(`/api/students/${id}`, { ...form, parentEmail: 'not-an-email' }, { 'If-Match': etag! });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.errors).toEqual({ parentEmail: 'Please enter a valid email address' });

    // Stale, and changing a field changed since (grade): 412 with the conflict. Other fields merge (sharing.int.spec.ts).
    const stale = await client.put(`/api/students/${id}`, { ...form, firstName: 'Janet', grade: '3' }, { 'If-Match': created.headers.get('etag')! });
    expect(stale.status).toBe(412);
    expect(stale.body.message).toBe('Someone else changed the same fields since you opened this student.');
    expect(stale.body.current).toMatchObject({ id, firstName: 'Jane', grade: 'K', revision: 3 });
    expect(stale.body.conflicts).toEqual([expect.objectContaining({ field: 'grade', yours: '3', theirs: 'K' })]);
    expect((await client.get(`/api/students/${id}`)).body.firstName).toBe('Jane');
  });

  it('merges an edit when another process changed the student since this one last saved it', async () => {
    const client = await teacher();
    const created = await client.post('/api/students', jane);
    const id = created.body.id;
    const saved = await client.put(`/api/students/${id}`, { ...jane, grade: '5' }, { 'If-Match': created.headers.get('etag')! });
    expect(saved.status).toBe(200);
    // Another API process on the same store changes the parent’s name behind this one’s back.
    const other = await openEventStore(server.context.config);
    try {
      await other.append(`student-${id}`, [{ type: 'StudentDetailsUpdated', data: { studentId: id, changes: { parentName: 'Pat Doe' } } }], {
        expectedRevision: saved.body.revision,
        actor: { userId: 'another-teacher' },
        correlationId: 'c',
        causationId: null,
      });
    } finally {
      await other.close();
    }
    // The client's If-Match is this process's last answer, yet the stream has moved on: merged, not lost or refused.
    const renamed = await client.put(`/api/students/${id}`, { ...jane, grade: '5', firstName: 'Janet' }, { 'If-Match': saved.headers.get('etag')! });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ firstName: 'Janet', grade: '5', parentName: 'Pat Doe', revision: saved.body.revision + 2 });
  });

  it('applies concurrent saves sent without If-Match one after another instead of refusing the losers', async () => {
    const client = await teacher();
    const id = (await client.post('/api/students', jane)).body.id;
    const grades = ['1', '2', '3', '5', '6', '7', '8', '9'];
    const saves = await Promise.all(grades.map((grade) => client.put(`/api/students/${id}`, { ...jane, grade })));
    expect(saves.map((save) => save.status)).toEqual(grades.map(() => 200));
    const current = (await client.get(`/api/students/${id}`)).body;
    expect(current.revision).toBe(Math.max(...saves.map((save) => save.body.revision)));
    expect(grades).toContain(current.grade);
  });

  it('hides another teacher’s student as not found, for every call', async () => {
    const owner = await teacher();
    const created = await owner.post('/api/students', jane);
    const id = created.body.id;
    const stranger = await teacher();
    for (const path of [`/api/students/${id}`, `/api/students/${id}/accommodations`, `/api/students/${id}/documents`, `/api/students/${id}/accommodations.pdf`]) {
      const response = await stranger.get(path);
      expect(response.status, path).toBe(404);
      expect(response.body).toEqual({ message: 'Student not found' });
    }
    expect((await stranger.put(`/api/students/${id}`, { ...jane, firstName: 'Mallory' })).status).toBe(404);
    expect((await stranger.delete(`/api/students/${id}`)).status).toBe(404);
    expect((await stranger.post(`/api/students/${id}/plans`, { startDate: '2025-01-01', reviewDate: '2026-01-01' })).status).toBe(404);
    expect((await owner.get(`/api/students/${id}`)).body.firstName).toBe('Jane');
  });

  it('deletes with If-Match, along with the student’s plans', async () => {
    const client = await teacher();
    const created = await client.post('/api/students', jane);
    const id = created.body.id;
    await client.post(`/api/students/${id}/plans`, { startDate: '2025-09-01', reviewDate: '2026-09-01' });
    expect((await client.get('/api/plans')).body).toHaveLength(1);

    expect((await client.delete(`/api/students/${id}`, { 'If-Match': '"0"' })).status).toBe(412);
    const deleted = await client.delete(`/api/students/${id}`, { 'If-Match': created.headers.get('etag')! });
    expect(deleted.status).toBe(204);
    expect((await client.get(`/api/students/${id}`)).status).toBe(404);
    expect((await client.get('/api/students')).body).toEqual([]);
    expect((await client.get('/api/plans')).body).toEqual([]);
    expect((await client.get('/api/auth/me')).body.studentCount).toBe(0);
  });

  it('exports the accommodations as a PDF', async () => {
    const client = await teacher();
    const created = await client.post('/api/students', { ...jane, accommodationIds: ['template-extended-time', 'template-breaks'] });
    await client.post(`/api/students/${created.body.id}/plans`, { startDate: '2025-09-01', reviewDate: '2026-09-01', meetingDate: '2026-08-20' });
    const response = await fetch(`${server.url}/api/students/${created.body.id}/accommodations.pdf?tz=UTC`, { headers: { Cookie: client.cookie! } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    // Named for the user's folder, never by the uuid (the name lives in the header only, not the URL).
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="Jane D\. - accommodations - \d{4}-\d{2}-\d{2}\.pdf"; filename\*=UTF-8''Jane%20D\.%20-%20accommodations/);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain('Accommodations: Jane D.');
  });

  it('pokes the owner’s sockets when a student changes, and nobody else’s', async () => {
    const owner = await teacher();
    const other = await teacher();
    const ownerSocket = await owner.openSocket();
    const otherSocket = await other.openSocket();
    const seenByOwner: any[] = [];
    const seenByOther: unknown[] = [];
    ownerSocket.on('change', (message) => seenByOwner.push(message));
    otherSocket.on('change', (message) => seenByOther.push(message));

    const created = await owner.post('/api/students', { ...jane, accommodationIds: [] });
    await owner.post(`/api/students/${created.body.id}/plans`, { startDate: '2025-09-01', reviewDate: '2026-09-01' });
    const deadline = Date.now() + 2_000;
    while (seenByOwner.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seenByOwner).toContainEqual({ entity: 'student', id: created.body.id, studentId: created.body.id, revision: 0, actorId: owner.account.id });
    expect(seenByOwner).toContainEqual(expect.objectContaining({ entity: 'plan', studentId: created.body.id, revision: 0 }));
    expect(seenByOther).toEqual([]);
    ownerSocket.close();
    otherSocket.close();
  });

  it('needs a session', async () => {
    const anonymous = new TestClient(server.url);
    expect((await anonymous.get('/api/students')).status).toBe(401);
    expect((await anonymous.post('/api/students', jane)).status).toBe(401);
  });
});
