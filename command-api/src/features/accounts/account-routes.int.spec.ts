import { describe, expect, it } from 'vitest';
import { TestClient, testServerForFile } from '../../testing/test-server.ts';

const server = testServerForFile();

const client = () => new TestClient(server.url);

describe('accounts', () => {
  it('registers without a session, signs in before verifying, answers the same full user on both paths, and signs out', async () => {
    const teacher = client();
    const email = `maria-${Date.now()}@school.test`;
    const registered = await teacher.post('/api/auth/register', { name: 'Maria Lopez', email, password: 'long enough pw' });
    expect(registered.status).toBe(202);
    expect(registered.body).toEqual({ message: 'Check your e-mail: we sent you a link to verify your address.' });
    expect(registered.headers.get('set-cookie')).toBeNull();
    expect((await teacher.get('/api/auth/user')).status).toBe(401);

    const signedIn = await teacher.post('/api/auth/login', { email, password: 'long enough pw' });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toEqual({
      id: expect.any(String),
      firstName: 'Maria',
      name: 'Maria Lopez',
      email,
      emailNotifications: true,
      emailVerified: false,
      username: email.split('@')[0],
      isPremium: false,
      studentCount: 0,
      studentLimit: 3,
      sessionIdleMinutes: 30,
    });
    const cookie = signedIn.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const user = await teacher.get('/api/auth/user');
    const me = await teacher.get('/api/auth/me');
    expect(user.status).toBe(200);
    expect(me.body).toEqual(user.body);

    expect((await teacher.post('/api/auth/logout')).status).toBe(204);
    expect((await teacher.get('/api/auth/user')).status).toBe(401);
  });

  it('keeps one account per e-mail, whatever its case: a second registration changes nothing', async () => {
    const first = client();
    const { email, password } = await first.register('First Holder');
    const again = await client().post('/api/auth/register', { name: 'B', email: email.toUpperCase(), password: 'long enough pw' });
    expect(again.status).toBe(202);
    expect((await client().post('/api/auth/login', { email, password: 'long enough pw' })).status).toBe(401);
    expect((await client().post('/api/auth/login', { email, password })).body).toMatchObject({ name: 'First Holder' });
  });

  it('signs in with the right password only, and rotates the session id', async () => {
    const teacher = client();
    const { email, password } = await teacher.register();
    const firstCookie = teacher.cookie;
    const wrong = await client().post('/api/auth/login', { email, password: 'not the password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Invalid email or password' });
    const unknown = await client().post('/api/auth/login', { email: `nobody-${Date.now()}@school.test`, password });
    expect(unknown.body).toEqual({ message: 'Invalid email or password' });

    const ok = await teacher.post('/api/auth/login', { email, password });
    expect(ok.status).toBe(200);
    expect(teacher.cookie).not.toBe(firstCookie);
    const stale = new TestClient(server.url);
    stale.cookie = firstCookie;
    expect((await stale.get('/api/auth/user')).status).toBe(401);
  });

  it('rate-limits repeated wrong passwords for one account', async () => {
    const { email } = await client().register();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await client().post('/api/auth/login', { email, password: 'wrong-password' })).status);
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const refused = await client().post('/api/auth/login', { email, password: 'wrong-password' });
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('GET /api/logout signs out and goes home; GET /api/login shows the sign-in page', async () => {
    const teacher = client();
    await teacher.register();
    const out = await teacher.get('/api/logout');
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe('/');
    expect((await teacher.get('/api/auth/me')).status).toBe(401);
    const login = await client().get('/api/login');
    expect(login.headers.get('location')).toBe('/login');
  });

  it('GET /api/logout from another site (a link or image there) does not sign the teacher out', async () => {
    const teacher = client();
    await teacher.register();
    // Refused as every API request another site causes is; a sibling site's link is no sign-out either.
    expect((await teacher.get('/api/logout', { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect((await teacher.get('/api/logout', { 'Sec-Fetch-Site': 'same-site' })).status).toBe(302);
    expect((await teacher.get('/api/auth/me')).status).toBe(200);
    // The app's own link, and a bookmark, still sign out.
    expect((await teacher.get('/api/logout', { 'Sec-Fetch-Site': 'same-origin' })).status).toBe(302);
    expect((await teacher.get('/api/auth/me')).status).toBe(401);
  });

  it('updates the profile and the password with the spec messages', async () => {
    const teacher = client();
    const { email, password } = await teacher.register('Sam Lee');
    const invalid = await teacher.put('/api/settings', { name: '', email: 'not-an-email' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toMatchObject({ name: 'Full name is required', email: 'Please enter a valid email address' });

    const updated = await teacher.put('/api/settings', { name: 'Samira Lee', email, emailNotifications: false });
    expect(updated.body).toMatchObject({ name: 'Samira Lee', firstName: 'Samira', emailNotifications: false });

    const mismatch = await teacher.post('/api/auth/update-password', {
      currentPassword: password,
      newPassword: 'new password 1',
      confirmPassword: 'new password 2',
    });
    expect(mismatch.body.errors).toEqual({ confirmPassword: 'Passwords do not match' });
    const wrongCurrent = await teacher.post('/api/auth/update-password', {
      currentPassword: 'wrong',
      newPassword: 'new password 1',
      confirmPassword: 'new password 1',
    });
    expect(wrongCurrent.status).toBe(400);
    const changed = await teacher.post('/api/auth/update-password', {
      currentPassword: password,
      newPassword: 'new password 1',
      confirmPassword: 'new password 1',
    });
    expect(changed.status).toBe(204);
    expect((await client().post('/api/auth/login', { email, password })).status).toBe(401);
    expect((await client().post('/api/auth/login', { email, password: 'new password 1' })).status).toBe(200);
  });

  it('moves sign-in to a changed e-mail and frees the old one', async () => {
    const teacher = client();
    const { email, password } = await teacher.register();
    const newEmail = `moved-${Date.now()}@school.test`;
    expect((await teacher.put('/api/settings', { name: 'Moved', email: newEmail, currentPassword: password })).status).toBe(200);
    expect((await client().post('/api/auth/login', { email: newEmail, password })).status).toBe(200);
    expect((await client().post('/api/auth/login', { email, password })).status).toBe(401);
    const newcomer = await client().register('New', email, 'long enough pw');
    expect(newcomer).toMatchObject({ email, emailVerified: true });
  });

  it('upgrades to premium, which lifts the student limit', async () => {
    const teacher = client();
    await teacher.register();
    const upgraded = await teacher.post('/api/upgrade-to-premium', {});
    expect(upgraded.body).toMatchObject({ isPremium: true, studentLimit: null });
  });
});

describe('bad input', () => {
  it('answers malformed JSON with 400 and a JSON message', async () => {
    const response = await client().request('POST', '/api/auth/login', {
      rawBody: '{"email": ',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Malformed JSON in the request body' });
  });

  it('refuses a body over 1 MB with 413', async () => {
    const response = await client().post('/api/auth/register', { name: 'x'.repeat(1_100_000), email: 'a@b.co', password: 'x' });
    expect(response.status).toBe(413);
    expect(response.body.message).toBeTruthy();
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await client().get('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Not found' });
  });

  it('refuses a cross-site form post', async () => {
    const response = await client().request('POST', '/api/auth/logout', { headers: { Origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
  });

  it('reports itself alive and ready', async () => {
    expect((await client().get('/healthz')).status).toBe(200);
    const ready = await client().get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ready');
  });

  it('sends a strict Content-Security-Policy', async () => {
    const response = await client().get('/healthz');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
  });
});
