import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedInTeacher, TestClient, testServerForFile } from '../../testing/test-server.ts';
import { linkMailedAfter } from '../../testing/outbox-mail.ts';
import { setUpAsUnprovedHolder } from '../../testing/squatted-account.ts';
import { turnOnTwoFactor } from '../../testing/two-factor.ts';

const server = testServerForFile();

const VERIFY_FIRST = { message: 'Verify your e-mail address first: follow the link we sent you, then try again.' };
const resetLinkFor = (email: string) =>
  linkMailedAfter(server.dataDir, email, '/reset-password', () => new TestClient(server.url).post('/api/auth/forgot-password', { email }));
const resetTo = (client: TestClient, token: string, password: string) =>
  client.post('/api/auth/reset-password', { token, newPassword: password, confirmPassword: password });

/** Someone registers an address that is not theirs and signs in: the account exists, its address unproved. */
async function squat(email = `victim-${randomUUID()}@school.test`) {
  const squatter = new TestClient(server.url);
  const password = 'squatter password';
  const verifyToken = await linkMailedAfter(server.dataDir, email, '/verify-email', () => squatter.post('/api/auth/register', { name: 'Not The Owner', email, password }));
  const login = await squatter.post('/api/auth/login', { email, password });
  expect(login.status).toBe(200);
  return { squatter, email, password, verifyToken, userId: login.body.id as string };
}

describe('an address held before it is proved', () => {
  it('cannot have a calendar feed or two-factor sign-in until it is proved', async () => {
    const { squatter, verifyToken, password } = await squat();
    for (const call of ['/api/calendar-feed', '/api/auth/2fa/setup']) {
      const refused = await squatter.post(call);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual(VERIFY_FIRST);
    }
    expect((await squatter.post('/api/auth/2fa/enable', { password, code: '123456' })).body).toEqual(VERIFY_FIRST);
    // Proved (here by its own holder), both work.
    expect((await squatter.post('/api/auth/verify-email', { token: verifyToken })).status).toBe(200);
    expect((await squatter.post('/api/calendar-feed')).status).toBe(201);
    expect((await turnOnTwoFactor(squatter, password)).recoveryCodes).toHaveLength(10);
  });

  it('loses its two-factor set-up, feeds and sessions when the owner takes the account back with a reset link', async () => {
    const { squatter, email, userId } = await squat();
    const feed = await setUpAsUnprovedHolder(server.context, userId);
    expect((await new TestClient(server.url).get(feed)).status).toBe(200);

    const owner = new TestClient(server.url);
    const answer = await resetTo(owner, await resetLinkFor(email), 'the owner’s own password');
    // No code is asked: the two-factor set-up was the squatter's, and it is gone with its recovery codes.
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: userId, email, emailVerified: true });
    expect((await owner.get('/api/auth/2fa')).body).toEqual({ enabled: false });
    expect((await new TestClient(server.url).get(feed)).status).toBe(404);
    expect((await squatter.get('/api/auth/me')).status).toBe(401);
  });

  it('loses them too when a verified account moved onto someone else’s address and its owner resets the password', async () => {
    const mover = await signedInTeacher(server.url, 'Moe Mover');
    await turnOnTwoFactor(mover, mover.account.password);
    const { url } = (await mover.post('/api/calendar-feed')).body as { url: string };
    const victim = `victim-${randomUUID()}@school.test`;
    expect((await mover.put('/api/settings', { name: 'Moe Mover', email: victim, currentPassword: mover.account.password })).status).toBe(200);

    const owner = new TestClient(server.url);
    const answer = await resetTo(owner, await resetLinkFor(victim), 'the owner’s own password');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ email: victim, emailVerified: true });
    expect((await owner.get('/api/auth/2fa')).body).toEqual({ enabled: false });
    expect((await new TestClient(server.url).get(new URL(url).pathname)).status).toBe(404);
    expect((await mover.get('/api/auth/me')).status).toBe(401);
  });

  it('keeps the set-up of a verified teacher who confirms a new address of their own, and of one who resets', async () => {
    const teacher = await signedInTeacher(server.url, 'Kim Keeps');
    const { recoveryCodes } = await turnOnTwoFactor(teacher, teacher.account.password);
    const { url } = (await teacher.post('/api/calendar-feed')).body as { url: string };
    const moved = `kim-${randomUUID()}@school.test`;
    const token = await linkMailedAfter(server.dataDir, moved, '/verify-email', () =>
      teacher.put('/api/settings', { name: 'Kim Keeps', email: moved, currentPassword: teacher.account.password }),
    );
    expect((await teacher.post('/api/auth/verify-email', { token })).body).toMatchObject({ email: moved, emailVerified: true });
    expect((await teacher.get('/api/auth/2fa')).body).toEqual({ enabled: true });
    expect((await new TestClient(server.url).get(new URL(url).pathname)).status).toBe(200);

    expect((await resetTo(new TestClient(server.url), await resetLinkFor(moved), 'a brand new passphrase')).body.twoFactorRequired).toBe(true);
    const back = await new TestClient(server.url).post('/api/auth/login', { email: moved, password: 'a brand new passphrase', code: recoveryCodes[0]! });
    expect(back.status).toBe(200);
  });
});
