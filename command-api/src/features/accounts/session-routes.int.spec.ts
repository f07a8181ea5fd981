import { describe, expect, it } from 'vitest';
import { signedInOnTwoDevices, TestClient, testServerForFile } from '../../testing/test-server.ts';

const server = testServerForFile();

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const signedIn = () => signedInOnTwoDevices(server.url, { laptop: CHROME_WINDOWS, phone: SAFARI_IPHONE });

describe('active sessions (Settings > Security)', () => {
  it('lists where the account is signed in, this device first, then the newest, with no user-agent string kept', async () => {
    const { laptop } = await signedIn();
    const listed = await laptop.get('/api/auth/sessions');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      { id: expect.stringMatching(/^[0-9a-f]{24}$/), device: 'Chrome on Windows', signedInAt: expect.any(String), current: true },
      { id: expect.stringMatching(/^[0-9a-f]{24}$/), device: 'Safari on iOS', signedInAt: expect.any(String), current: false },
    ]);
    const me = await laptop.get('/api/auth/me');
    const stored = await server.context.readStore.state('sessions').find({ userId: me.body.id });
    expect(JSON.stringify(stored)).not.toContain('Mozilla');
    expect((await new TestClient(server.url).get('/api/auth/sessions')).status).toBe(401);
  });

  it('signs one other session out, and only the account’s own', async () => {
    const { laptop, phone } = await signedIn();
    const [laptopSession, phoneSession] = (await laptop.get('/api/auth/sessions')).body as { id: string }[];

    const stranger = new TestClient(server.url);
    await stranger.register();
    expect((await stranger.delete(`/api/auth/sessions/${laptopSession!.id}`)).status).toBe(404);
    expect((await laptop.get('/api/auth/me')).status).toBe(200);

    expect((await laptop.delete(`/api/auth/sessions/${phoneSession!.id}`)).status).toBe(204);
    expect((await phone.get('/api/auth/me')).status).toBe(401);
    expect((await laptop.get('/api/auth/sessions')).body).toEqual([expect.objectContaining({ current: true })]);
    expect((await laptop.delete(`/api/auth/sessions/${phoneSession!.id}`)).status).toBe(404);
  });

  it('signs out every other session at once, keeping this one', async () => {
    const { laptop, phone, account } = await signedIn();
    const tablet = new TestClient(server.url);
    await tablet.post('/api/auth/login', account);
    expect((await laptop.delete('/api/auth/sessions')).status).toBe(204);
    expect((await phone.get('/api/auth/me')).status).toBe(401);
    expect((await tablet.get('/api/auth/me')).status).toBe(401);
    expect((await laptop.get('/api/auth/me')).status).toBe(200);
  });
});
