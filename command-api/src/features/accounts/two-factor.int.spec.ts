import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signedInTeacher, TestClient, testServerForFile } from '../../testing/test-server.ts';
import { appCodeOf as codeOf, turnOnTwoFactor } from '../../testing/two-factor.ts';

const server = testServerForFile();

/** A signed-in teacher with two-factor sign-in on (enabled with the current code), its secret and recovery codes. */
async function teacherWithTwoFactor() {
  const teacher = await signedInTeacher(server.url);
  return { teacher, ...(await turnOnTwoFactor(teacher, teacher.account.password)), ...teacher.account };
}

const signIn = (body: Record<string, string>) => new TestClient(server.url).post('/api/auth/login', body);

/** Every byte under DATA_DIR (the log, its WAL, the read models, the keys), to look for a value stored in the clear. */
async function dataDirHolds(value: string): Promise<boolean> {
  const files = await readdir(server.dataDir, { recursive: true, withFileTypes: true });
  for (const file of files.filter((entry) => entry.isFile())) {
    if ((await readFile(join(file.parentPath, file.name))).includes(value)) return true;
  }
  return false;
}

describe('two-factor sign-in', () => {
  it('sets up with a secret, a link and a QR code, and asks for nothing until a code from the app turns it on', async () => {
    const teacher = await signedInTeacher(server.url);
    const setup = await teacher.post('/api/auth/2fa/setup');
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(setup.body.otpauthUrl as string);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(setup.body.secret);
    expect(url.searchParams.get('issuer')).toBe('Accommodate');
    expect(setup.body.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    expect((await teacher.get('/api/auth/2fa')).body).toEqual({ enabled: false });
    expect((await signIn({ email: teacher.account.email, password: teacher.account.password })).status).toBe(200);

    const { password } = teacher.account;
    const wrong = await teacher.post('/api/auth/2fa/enable', { password, code: '000000' === codeOf(setup.body.secret) ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ code: 'That code did not work. Check your authenticator app and try again.' });
    // The password as well: a session left open is not enough to tie the account to someone else's phone.
    const withoutPassword = await teacher.post('/api/auth/2fa/enable', { password: '', code: codeOf(setup.body.secret) });
    expect(withoutPassword.body.errors).toEqual({ password: 'Enter your password to confirm' });
    const wrongPassword = await teacher.post('/api/auth/2fa/enable', { password: 'not the password', code: codeOf(setup.body.secret) });
    expect(wrongPassword.body.errors).toEqual({ password: 'Password is incorrect' });
    expect((await teacher.get('/api/auth/2fa')).body).toEqual({ enabled: false });
    const enabled = await teacher.post('/api/auth/2fa/enable', { password, code: codeOf(setup.body.secret) });
    expect(enabled.status).toBe(200);
    expect(enabled.body.recoveryCodes).toHaveLength(10);
    expect(new Set(enabled.body.recoveryCodes).size).toBe(10);
    expect((await teacher.get('/api/auth/2fa')).body).toEqual({ enabled: true });
    expect((await teacher.post('/api/auth/2fa/setup')).status).toBe(409);
  });

  it('asks for the code after the password, with no session, and signs in with a current code once', async () => {
    const { email, password, secret } = await teacherWithTwoFactor();
    const asked = await signIn({ email, password });
    expect(asked.status).toBe(401);
    expect(asked.body).toEqual({ message: 'Two-factor code required', twoFactorRequired: true });
    expect(asked.headers.get('set-cookie')).toBeNull();
    // A wrong password still says only that: the code is not asked of someone who does not know the password.
    expect((await signIn({ email, password: 'not the password', code: codeOf(secret, 1) })).body).toEqual({ message: 'Invalid email or password' });

    const code = codeOf(secret, 1);
    const client = new TestClient(server.url);
    const signedIn = await client.post('/api/auth/login', { email, password, code });
    expect(signedIn.status).toBe(200);
    expect((await client.get('/api/auth/user')).body.email).toBe(email);
    const replayed = await signIn({ email, password, code });
    expect(replayed.status).toBe(401);
    expect(replayed.body).toMatchObject({ twoFactorRequired: true, message: 'That code did not work. Check your authenticator app and try again.' });
  });

  it('refuses the code that turned it on, and a code far from now', async () => {
    const { email, password, secret, enablingCode } = await teacherWithTwoFactor();
    expect((await signIn({ email, password, code: enablingCode })).status).toBe(401);
    expect((await signIn({ email, password, code: codeOf(secret, 4) })).status).toBe(401);
  });

  it('lets the same code sent twice at once sign in only once', async () => {
    const { email, password, secret } = await teacherWithTwoFactor();
    const code = codeOf(secret, 1);
    const statuses = (await Promise.all([signIn({ email, password, code }), signIn({ email, password, code })])).map((response) => response.status);
    expect(statuses.sort()).toEqual([200, 401]);
  });

  it('signs in with a recovery code, typed in any case, once only', async () => {
    const { email, password, recoveryCodes } = await teacherWithTwoFactor();
    const [first, second] = recoveryCodes;
    expect(first).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect((await signIn({ email, password, code: ` ${first!.toUpperCase()} ` })).status).toBe(200);
    expect((await signIn({ email, password, code: first! })).status).toBe(401);
    expect((await signIn({ email, password, code: second! })).status).toBe(200);
  });

  it('switches off with the password and a code, and then sign-in asks for the password alone', async () => {
    const { teacher, email, password, secret, recoveryCodes } = await teacherWithTwoFactor();
    const wrongPassword = await teacher.post('/api/auth/2fa/disable', { password: 'not the password', code: codeOf(secret, 1) });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.errors).toEqual({ password: 'Password is incorrect' });
    expect((await teacher.post('/api/auth/2fa/disable', { password, code: 'zzzz-zzzz-zzzz' })).status).toBe(400);
    expect((await teacher.get('/api/auth/2fa')).body).toEqual({ enabled: true });

    expect((await teacher.post('/api/auth/2fa/disable', { password, code: recoveryCodes[0]! })).status).toBe(204);
    expect((await teacher.get('/api/auth/2fa')).body).toEqual({ enabled: false });
    expect((await signIn({ email, password })).status).toBe(200);
  });

  it('keeps the secret only sealed with the account key, and erasing the account erases it', async () => {
    const { teacher, password, secret, id } = await teacherWithTwoFactor();
    expect(await dataDirHolds(secret)).toBe(false);
    const sealed = (await server.context.eventStore.readStream(`user-${id}`)).find((event) => event.type === 'TwoFactorSetupStarted');
    expect(sealed?.data).toMatchObject({ secret });

    expect((await teacher.request('DELETE', '/api/account', { body: { password } })).status).toBe(200);
    const erased = (await server.context.eventStore.readStream(`user-${id}`)).find((event) => event.type === 'TwoFactorSetupStarted');
    expect(erased?.data).toMatchObject({ secret: '[erased]' });
  });

  it('needs a session for every two-factor call', async () => {
    const anonymous = new TestClient(server.url);
    expect((await anonymous.get('/api/auth/2fa')).status).toBe(401);
    expect((await anonymous.post('/api/auth/2fa/setup')).status).toBe(401);
    expect((await anonymous.post('/api/auth/2fa/enable', { password: 'x', code: '123456' })).status).toBe(401);
    expect((await anonymous.post('/api/auth/2fa/disable', { password: 'x', code: '123456' })).status).toBe(401);
  });
});
