import { describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { ACCOMMODATION_TEMPLATES } from '@accommodate/shared-events/config/accommodation-templates';
import { TestClient, testServerForFile } from '../../testing/test-server.ts';

const server = testServerForFile();

describe('accommodation library', () => {
  it('offers the 21 templates with categories and descriptions, read-only', async () => {
    const teacher = new TestClient(server.url);
    await teacher.register();
    const library = await teacher.get('/api/accommodations/defaults');
    expect(library.status).toBe(200);
    expect(library.body).toHaveLength(21);
    expect(library.body.map((a: { name: string }) => a.name).sort()).toEqual(ACCOMMODATION_TEMPLATES.map((t) => t.name).sort());
    expect(library.body.every((a: { category: string; description: string; isTemplate: boolean }) => a.category && a.description && a.isTemplate)).toBe(true);

    const template = library.body[0];
    const edit = await teacher.patch(`/api/accommodations/${template.id}`, { name: 'Changed', category: 'custom' });
    expect(edit.status).toBe(403);
  });

  it('creates, updates and deletes the teacher’s own, with the spec messages and ETags', async () => {
    const teacher = new TestClient(server.url);
    await teacher.register();
    const invalid = await teacher.post('/api/accommodations', { name: 'ab', category: 'nope' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual({
      name: 'Accommodation name must be at least 3 characters',
      category: 'Please select a category',
    });

    const created = await teacher.post('/api/accommodations', { name: 'Movement Breaks', category: 'behavioral', userId: 1 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Movement Breaks', category: 'behavioral', isTemplate: false });
    expect(created.headers.get('etag')).toBe('"0"');

    const updated = await teacher.patch(
      `/api/accommodations/${created.body.id}`,
      { name: 'Movement Breaks (5 min)', category: 'behavioral', description: 'Every 30 minutes' },
      { 'If-Match': '"0"' },
    );
    expect(updated.status).toBe(200);
    expect(updated.body.description).toBe('Every 30 minutes');

    const stale = await teacher.patch(`/api/accommodations/${created.body.id}`, { name: 'Stale edit', category: 'custom' }, { 'If-Match': '"0"' });
    expect(stale.status).toBe(412);
    expect(stale.body.current).toMatchObject({ name: 'Movement Breaks (5 min)', revision: 1 });

    const stranger = new TestClient(server.url);
    await stranger.register();
    expect((await stranger.delete(`/api/accommodations/${created.body.id}`)).status).toBe(404);
    // A stale If-Match changes nothing: someone else's accommodation is not found, and its contents are not handed over.
    for (const attempt of [
      stranger.patch(`/api/accommodations/${created.body.id}`, { name: 'Taken over', category: 'custom' }, { 'If-Match': '"0"' }),
      stranger.delete(`/api/accommodations/${created.body.id}`, { 'If-Match': '"0"' }),
    ]) {
      const refused = await attempt;
      expect(refused.status).toBe(404);
      expect(JSON.stringify(refused.body)).not.toContain('Movement Breaks');
    }
    const strangerLibrary = await stranger.get('/api/accommodations/defaults');
    expect(strangerLibrary.body.some((a: { id: string }) => a.id === created.body.id)).toBe(false);

    expect((await teacher.delete(`/api/accommodations/${created.body.id}`)).status).toBe(204);
    const after = await teacher.get('/api/accommodations/defaults');
    expect(after.body.some((a: { id: string }) => a.id === created.body.id)).toBe(false);
  });

  it('pokes the owner’s open sockets after the library changes, and nobody else’s', async () => {
    const owner = new TestClient(server.url);
    const other = new TestClient(server.url);
    const ownerUser = await owner.register();
    await other.register();
    const ownerSocket = await owner.openSocket();
    const otherSocket = await other.openSocket();
    const seenByOther: unknown[] = [];
    otherSocket.on('change', (message) => seenByOther.push(message));
    const poke = new Promise<any>((resolve) => ownerSocket.on('change', resolve));

    const created = await owner.post('/api/accommodations', { name: 'Standing Desk', category: 'custom' });
    const message = await poke;
    expect(message).toEqual({ entity: 'accommodation', id: created.body.id, revision: 0, actorId: ownerUser.id });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seenByOther).toEqual([]);
    ownerSocket.close();
    otherSocket.close();
  });

  it('refuses a socket without a session', async () => {
    const error = await new Promise<Error>((resolve) => {
      const socket = connect(server.url, { transports: ['websocket'] });
      socket.on('connect_error', (e) => {
        socket.close();
        resolve(e);
      });
    });
    expect(error.message).toBe('Unauthorized');
  });
});
