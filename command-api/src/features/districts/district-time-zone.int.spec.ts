import { describe, expect, it } from 'vitest';
import { UNKNOWN_TIME_ZONE } from '@accommodate/shared-events/schemas/time-zone';
import { testServerForFile } from '../../testing/test-server.ts';
import { teacher } from '../../testing/sharing-fixtures.ts';

const server = testServerForFile();

describe('a district’s time zone', () => {
  it('is set by its admin from the IANA list; a name outside it is refused on the field, and nobody else learns of it', async () => {
    const [dana, cora] = await Promise.all([teacher(server, 'Dana Admin'), teacher(server, 'Cora Coordinator')]);
    const districtId = (await dana.post('/api/districts', { name: 'Lakeside USD' })).body.id as string;
    const schoolId = (await dana.post(`/api/districts/${districtId}/schools`, { name: 'Lakeside Elementary' })).body.id as string;
    expect((await dana.post(`/api/schools/${schoolId}/staff`, { email: cora.user.email, role: 'coordinator' })).status).toBe(201);

    expect((await dana.get(`/api/districts/${districtId}/time-zone`)).body).toEqual({ timeZone: null });
    expect((await dana.put(`/api/districts/${districtId}/time-zone`, { timeZone: 'America/Denver' })).body).toEqual({ timeZone: 'America/Denver' });
    expect((await dana.get(`/api/districts/${districtId}/time-zone`)).body).toEqual({ timeZone: 'America/Denver' });
    const wrong = await dana.put(`/api/districts/${districtId}/time-zone`, { timeZone: 'Mountain Time' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ timeZone: UNKNOWN_TIME_ZONE });
    expect((await dana.get(`/api/districts/${districtId}/time-zone`)).body).toEqual({ timeZone: 'America/Denver' });

    expect((await cora.get(`/api/districts/${districtId}/time-zone`)).status).toBe(404);
    expect((await cora.put(`/api/districts/${districtId}/time-zone`, { timeZone: 'UTC' })).status).toBe(404);
  });
});
