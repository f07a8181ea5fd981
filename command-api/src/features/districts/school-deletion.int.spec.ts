import { describe, expect, it } from 'vitest';
import { signedInTeacher, testServerForFile } from '../../testing/test-server.ts';
import { jane } from '../../testing/sharing-fixtures.ts';

// A school made by mistake, or twice, goes once it is empty; anything in it keeps it.
const server = testServerForFile();

describe('deleting a school', () => {
  it('deletes an empty school for a district admin, and refuses with 409 while a student or staff is in it', async () => {
    const dana = await signedInTeacher(server.url, 'Dana District');
    const districtId = (await dana.post('/api/districts', { name: 'Lakeside USD' })).body.id as string;
    const school = async (name: string) => (await dana.post(`/api/districts/${districtId}/schools`, { name })).body.id as string;
    const empty = await school('North Middle');
    const busy = await school('South Middle');
    const staffed = await school('East Middle');
    const pat = await signedInTeacher(server.url, 'Pat Principal');
    expect((await dana.post(`/api/schools/${empty}/staff`, { email: pat.account.email, role: 'admin' })).status).toBe(201);
    expect((await dana.post('/api/students', { ...jane, schoolId: busy })).status).toBe(201);
    const tom = await signedInTeacher(server.url, 'Tom Teacher');
    expect((await dana.post(`/api/schools/${staffed}/staff`, { email: tom.account.email, role: 'teacher' })).status).toBe(201);

    // The school's own administrator may rename it, not delete it; a stranger learns nothing of it.
    expect((await pat.request('DELETE', `/api/schools/${empty}`)).status).toBe(403);
    expect((await tom.request('DELETE', `/api/schools/${empty}`)).status).toBe(404);

    const refused = await dana.request('DELETE', `/api/schools/${busy}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Only an empty school can be deleted: move its students and classes to another school and remove its staff (administrators aside) first');
    expect((await dana.request('DELETE', `/api/schools/${staffed}`)).status).toBe(409);

    expect((await dana.request('DELETE', `/api/schools/${empty}`)).status).toBe(204);
    const names = ((await dana.get(`/api/districts/${districtId}/schools`)).body as { name: string }[]).map((each) => each.name).sort();
    expect(names).toEqual(['East Middle', 'South Middle']);
    expect((await pat.get('/api/schools')).body).toEqual([]);
    expect((await dana.request('DELETE', `/api/schools/${empty}`)).status).toBe(404);
  });
});
