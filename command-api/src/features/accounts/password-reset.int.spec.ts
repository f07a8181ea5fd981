import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedInOnTwoDevices, signedInTeacher, startTestServer, TestClient, type TestServer } from '../../testing/test-server.ts';
import { linkMailedAfter, outboxMessages } from '../../testing/outbox-mail.ts';
import { turnOnTwoFactor } from '../../testing/two-factor.ts';

/** Issue 22, 'Password reset': a teacher who forgot the password gets back in through a link mailed to the account. */
let server: TestServer;
/** Every line the server logs (LOG_LEVEL=debug), to check that no link's token is ever among them. */
const logged: string[] = [];

beforeAll(async () => {
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
    vi.spyOn(stream, 'write').mockImplementation((chunk: unknown, ...rest: unknown[]) => {
      logged.push(String(chunk));
      return write(chunk, ...rest);
    });
  }
  server = await startTestServer({ LOG_LEVEL: 'debug' });
});
afterAll(async () => {
  await server?.close();
  vi.restoreAllMocks();
});

const NEW_PASSWORD = 'a brand new passphrase';
const resetLinkFor = (email: string) =>
  linkMailedAfter(server.dataDir, email, '/reset-password', async () => {
    expect((await new TestClient(server.url).post('/api/auth/forgot-password', { email })).status).toBe(204);
  });
const reset = (client: TestClient, token: string, newPassword = NEW_PASSWORD, confirmPassword = newPassword) =>
  client.post('/api/auth/reset-password', { token, newPassword, confirmPassword });

describe('password reset', () => {
  it('answers 204 for any address, and mails a link only to an account’s own address', async () => {
    const teacher = await signedInTeacher(server.url);
    const nobody = `nobody-${randomUUID()}@school.test`;
    const unknown = await new TestClient(server.url).post('/api/auth/forgot-password', { email: nobody });
    expect(unknown.status).toBe(204);
    const token = await resetLinkFor(teacher.account.email.toUpperCase());
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const mail = outboxMessages(server.dataDir).find((message) => message.text.includes(token))!;
    expect(mail).toMatchObject({ to: teacher.account.email, subject: 'Reset your Accommodate password' });
    expect(mail.text).toContain(`${server.context.config.appUrl}/reset-password#token=${token}`);
    expect(outboxMessages(server.dataDir).some((message) => message.to === nobody)).toBe(false);
    expect((await new TestClient(server.url).post('/api/auth/forgot-password', { email: 'not an address' })).body.errors).toEqual({
      email: 'Please enter a valid email address',
    });
  });

  it('sets the password with the spec’s rules, signs out every session and signs this browser in', async () => {
    const { account, laptop, phone } = await signedInOnTwoDevices(server.url);
    const token = await resetLinkFor(account.email);
    const browser = new TestClient(server.url);
    // A mistake in the form does not spend the link.
    expect((await reset(browser, token, 'short')).body.errors).toEqual({ newPassword: 'Password must be at least 8 characters' });
    expect((await reset(browser, token, NEW_PASSWORD, 'something else')).body.errors).toEqual({ confirmPassword: 'Passwords do not match' });

    const answer = await reset(browser, token);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: account.id, email: account.email, emailVerified: true });
    expect((await browser.get('/api/auth/me')).body.id).toBe(account.id);
    expect((await laptop.get('/api/auth/me')).status).toBe(401);
    expect((await phone.get('/api/auth/me')).status).toBe(401);
    expect((await new TestClient(server.url).post('/api/auth/login', { email: account.email, password: account.password })).status).toBe(401);
    expect((await new TestClient(server.url).post('/api/auth/login', { email: account.email, password: NEW_PASSWORD })).status).toBe(200);

    expect(await reset(new TestClient(server.url), token, 'yet another password')).toMatchObject({
      status: 400,
      body: { message: 'This link is invalid or has expired' },
    });
  });

  it('for an account with two-factor sign-in, sets the password but signs in only with the new password and a code', async () => {
    const { account, laptop } = await signedInOnTwoDevices(server.url);
    const { recoveryCodes } = await turnOnTwoFactor(laptop, account.password);
    const token = await resetLinkFor(account.email);
    const browser = new TestClient(server.url);
    const answer = await reset(browser, token);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: 'Your new password is set. Sign in with it and a code from your authenticator app.', twoFactorRequired: true });
    expect(answer.headers.get('set-cookie')).toBeNull();
    expect((await browser.get('/api/auth/me')).status).toBe(401);
    expect((await laptop.get('/api/auth/me')).status).toBe(401);

    const signIn = (body: Record<string, string>) => browser.post('/api/auth/login', { email: account.email, ...body });
    expect((await signIn({ password: NEW_PASSWORD })).body).toEqual({ message: 'Two-factor code required', twoFactorRequired: true });
    expect((await signIn({ password: NEW_PASSWORD, code: recoveryCodes[0]! })).status).toBe(200);
    expect((await browser.get('/api/auth/me')).body.id).toBe(account.id);
  });

  it('refuses a link after an hour, an unknown one, and one asked for before a change of address or password', async () => {
    const teacher = await signedInTeacher(server.url);
    const late = await resetLinkFor(teacher.account.email);
    const realNow = server.context.now;
    server.context.now = () => new Date(realNow().getTime() + 60 * 60 * 1000 + 1_000);
    try {
      expect((await reset(new TestClient(server.url), late)).status).toBe(400);
    } finally {
      server.context.now = realNow;
    }
    expect((await reset(new TestClient(server.url), 'A'.repeat(43))).status).toBe(400);

    const beforePasswordChange = await resetLinkFor(teacher.account.email);
    await teacher.post('/api/auth/update-password', { currentPassword: teacher.account.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect((await reset(new TestClient(server.url), beforePasswordChange, 'an attacker’s password')).status).toBe(400);

    const beforeMove = await resetLinkFor(teacher.account.email);
    const moved = `moved-${randomUUID()}@school.test`;
    expect((await teacher.put('/api/settings', { name: 'Moved', email: moved, currentPassword: NEW_PASSWORD })).status).toBe(200);
    expect((await reset(new TestClient(server.url), beforeMove, 'an attacker’s password')).status).toBe(400);
  });

  it('never writes a link’s token, or the address it went to, into a log line', async () => {
    const email = `logged-${randomUUID()}@school.test`;
    const client = new TestClient(server.url);
    await client.register('Lou Logged', email);
    const resetToken = await resetLinkFor(email);
    await reset(new TestClient(server.url), resetToken);
    await client.post('/api/auth/verify-email', { token: resetToken });
    await client.post('/api/auth/reset-password', { token: resetToken, newPassword: 'x', confirmPassword: 'y' });
    const tokens = outboxMessages(server.dataDir)
      .filter((message) => message.to === email)
      .flatMap((message) => [...message.text.matchAll(/#token=([\w-]+)/g)].map((match) => match[1]!));
    expect(tokens.length).toBeGreaterThanOrEqual(2);
    expect(logged.length).toBeGreaterThan(0);
    for (const line of logged) {
      for (const secret of [...tokens, email]) expect(line).not.toContain(secret);
    }
  });
});

describe('when the mail server refuses', () => {
  it('still answers, and logs the failure without the address', async () => {
    // Port 9 (discard) on this machine: nothing listens, so the connection is refused at once.
    const refusing = await startTestServer({ SMTP_URL: 'smtp://127.0.0.1:9', LOG_LEVEL: 'warn' });
    try {
      const email = `unsent-${randomUUID()}@school.test`;
      const answer = await new TestClient(refusing.url).post('/api/auth/register', { name: 'Una Unsent', email, password: 'correct horse battery' });
      expect(answer.status).toBe(202);
      const deadline = Date.now() + 10_000;
      while (!logged.some((line) => line.includes('account e-mail not sent')) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      const failure = logged.find((line) => line.includes('account e-mail not sent'));
      expect(failure).toContain('"kind":"verify-email"');
      expect(failure).not.toContain(email);
    } finally {
      await refusing.close();
    }
  });
});

describe('a reset link used twice at the same moment', () => {
  it('works once: the token is taken from the store atomically', async () => {
    const teacher = await signedInTeacher(server.url);
    const token = await resetLinkFor(teacher.account.email);
    const reset = (password: string) =>
      new TestClient(server.url).post('/api/auth/reset-password', { token, newPassword: password, confirmPassword: password });
    const answers = await Promise.all([reset('first new passphrase'), reset('second new passphrase')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const winner = answers[0].status === 200 ? 'first new passphrase' : 'second new passphrase';
    expect((await new TestClient(server.url).post('/api/auth/login', { email: teacher.account.email, password: winner })).status).toBe(200);
  });
});
