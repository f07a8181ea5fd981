import { describe, expect, it } from 'vitest';
import { ALL_PROJECTIONS } from '@accommodate/projections/definitions/all-projections';
import { rebuildProjections } from '@accommodate/projections/runner/rebuild';
import type { Doc } from '@accommodate/projections/store/read-store';
import { signedInTeacher, testServerForFile } from '../../testing/test-server.ts';

const server = testServerForFile();

const teacher = (name: string) => signedInTeacher(server.url, name);

/** Every document of every collection of every projection, as the API reads them. */
async function everyReadModel(): Promise<Record<string, Doc[]>> {
  const all: Record<string, Doc[]> = {};
  for (const projection of ALL_PROJECTIONS) {
    for (const name of projection.collections) {
      all[`${projection.name}/${name}`] = await server.context.readStore.collection(name).find(undefined, { sort: { field: 'id', direction: 'asc' } });
    }
  }
  return all;
}

/** Until the projections and the notification workers have nothing left to do. */
async function settle(): Promise<void> {
  let head = await server.context.eventStore.headPosition();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 400));
    const next = await server.context.eventStore.headPosition();
    if (next === head && (await server.context.progress.caughtUp())) return;
    head = next;
  }
}

describe('rebuild fidelity', () => {
  it('rebuilds every read model from the log into new builds identical to the live ones', async () => {
    const owner = await teacher('Olive Owner');
    const colleague = await teacher('Cole Colleague');
    const custom = await owner.post('/api/accommodations', { name: 'Quiet corner', category: 'behavioral' });
    await owner.patch(`/api/accommodations/${custom.body.id}`, { name: 'Quiet corner (AM)', category: 'behavioral' }, { 'If-Match': `"${custom.body.revision}"` });
    const doomed = await owner.post('/api/accommodations', { name: 'Short-lived', category: 'custom' });

    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await owner.post('/api/students', {
        firstName: `Student${i}`,
        lastInitial: 'R',
        grade: String(i + 1),
        status: 'active',
        parentName: `Parent ${i}`,
        notes: `<p>Note ${i}</p>`,
        accommodationIds: ['template-extended-time', custom.body.id, doomed.body.id],
      });
      ids.push(created.body.id);
      const plan = await owner.post(`/api/students/${created.body.id}/plans`, { startDate: '2026-09-01', reviewDate: '2027-06-01', status: 'draft' });
      await owner.patch(`/api/plans/${plan.body.id}`, { status: 'active' }, { 'If-Match': '"0"' });
    }
    await owner.delete(`/api/accommodations/${doomed.body.id}`, { 'If-Match': `"${doomed.body.revision}"` });
    await owner.put(`/api/students/${ids[0]}`, { firstName: 'Renamed', lastInitial: 'R', grade: '2', status: 'inactive', accommodationIds: [] }, { 'If-Match': '"2"' });
    await owner.post(`/api/students/${ids[1]}/shares`, { email: colleague.account.email, role: 'co-teacher' });
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1')], { type: 'application/pdf' }), 'plan.pdf');
    await colleague.request('POST', `/api/students/${ids[1]}/documents`, { rawBody: form });
    await colleague.put(`/api/students/${ids[1]}`, { firstName: 'Student1', lastInitial: 'R', grade: '2', status: 'active', accommodationIds: ['template-extended-time'] });
    await owner.get(`/api/students/${ids[1]}`);
    await owner.delete(`/api/students/${ids[2]}`);
    await owner.put('/api/notification-preferences', { feedback: false });
    await owner.put('/api/settings', { name: 'Olive O. Owner', email: owner.account.email, emailNotifications: true });
    await settle();
    const notifications = await owner.get('/api/notifications');
    expect(notifications.body.length).toBeGreaterThan(0);
    await owner.patch(`/api/notifications/${notifications.body[0].id}`, { read: true });
    await settle();

    const live = await everyReadModel();
    expect(live['caseload/students']!.length).toBe(2);
    expect(live['notifications/notifications']!.length).toBeGreaterThan(0);
    expect(live['caseload/documents']!.length).toBe(1);
    expect(live['users/users']!.map((user) => (user as unknown as { name: string }).name)).toContain('Olive O. Owner');

    const result = await rebuildProjections({ eventStore: server.context.eventStore, readStore: server.context.readStore, projections: ALL_PROJECTIONS });
    expect(result.builds).toHaveLength(ALL_PROJECTIONS.length);
    for (const build of result.builds) expect((await server.context.readStore.activeBuild(build.projection))?.build).toBe(build.build);
    expect(await everyReadModel()).toEqual(live);
  });
});
