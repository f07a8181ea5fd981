import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TestClient, testServerForFile } from '../../testing/test-server.ts';
import { appCodeOf, turnOnTwoFactor } from '../../testing/two-factor.ts';

// Behind the proxy, so each test can be a different client address (X-Forwarded-For).
const server = testServerForFile({ TRUST_PROXY: '1' });

let nextAddress = 1;
/** A fresh client address per call: tests do not share counts. */
const newAddress = () => `198.51.100.${nextAddress++}`;
const from = (address: string) => ({ 'X-Forwarded-For': address });
const signIn = (address: string, body: { email: string; password: string }) => new TestClient(server.url).post('/api/auth/login', body, from(address));

async function account(address = newAddress()) {
  const client = new TestClient(server.url);
  const registered = await client.register('Lee Limits', undefined, undefined, from(address));
  return { client, email: registered.email, password: registered.password };
}

describe('sign-in limits', () => {
  it('counts only failures: a school address signing in correctly again and again is never refused', async () => {
    const school = newAddress();
    const { email, password } = await account(school);
    const statuses: number[] = [];
    // More than the address's 30 free failures, all correct.
    for (let i = 0; i < 35; i++) statuses.push((await signIn(school, { email, password })).status);
    expect(statuses.every((status) => status === 200)).toBe(true);
  }, 120_000);

  it('slows ten wrong passwords from one address down for seconds, and does not lock the owner out elsewhere', async () => {
    const { email, password } = await account();
    const attacker = newAddress();
    for (let i = 0; i < 10; i++) expect((await signIn(attacker, { email, password: 'wrong password' })).status).toBe(401);
    const refused = await signIn(attacker, { email, password });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: 'Too many sign-in attempts. Please wait a few minutes and try again.' });
    // A growing delay, starting at half a minute: not a 15-minute lock.
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(30);
    expect((await signIn(newAddress(), { email, password })).status).toBe(200);
  }, 60_000);

  it('lets 30 wrong passwords from a school address slow its failures, not another teacher’s correct password', async () => {
    const school = newAddress();
    const teacher = await account(school);
    const pupil = await account(school);
    // Spread over many accounts (each only once, so no account is locked) and addresses nobody holds.
    const guesses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const email = i % 10 === 9 ? (await account(newAddress())).email : `nobody-${randomUUID()}@school.test`;
      guesses.push((await signIn(school, { email, password: 'wrong password' })).status);
    }
    expect(guesses).toEqual(Array(30).fill(401));
    // Past the address's free failures: a further failure from it waits, whoever it names.
    const slowed = await signIn(school, { email: pupil.email, password: 'wrong password' });
    expect(slowed.status).toBe(429);
    expect(slowed.body).toEqual({ message: 'Too many sign-in attempts. Please wait a few minutes and try again.' });
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await signIn(school, { email: `nobody-${randomUUID()}@school.test`, password: 'wrong password' })).status).toBe(429);
    // The teacher's correct password still signs in from the school, and so does the pupil's own.
    expect((await signIn(school, teacher)).status).toBe(200);
    expect((await signIn(school, pupil)).status).toBe(200);
  }, 180_000);

  it('limits the password asked again of a signed-in account, across password change, deletion and two-factor off', async () => {
    const { client, password } = await account();
    const wrong = { currentPassword: 'wrong password', newPassword: 'new password 1', confirmPassword: 'new password 1' };
    for (let i = 0; i < 4; i++) expect((await client.post('/api/auth/update-password', wrong)).status).toBe(400);
    expect((await client.request('DELETE', '/api/account', { body: { password: 'wrong password' } })).status).toBe(400);
    const refused = await client.post('/api/auth/update-password', { ...wrong, currentPassword: password });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: 'Too many wrong passwords. Please wait a few minutes and try again.' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await client.request('DELETE', '/api/account', { body: { password } })).status).toBe(429);
  }, 60_000);

  it('gives switching two-factor off no more code guesses than sign-in, even with the password', async () => {
    const address = newAddress();
    const { client, email, password } = await account(address);
    const { secret } = await turnOnTwoFactor(client, password);
    const turnOff = (code: string) => client.post('/api/auth/2fa/disable', { password, code }, from(address));
    for (let i = 0; i < 10; i++) expect((await turnOff('zzzz-zzzz-zzzz')).body.errors).toEqual({ code: 'That code did not work. Check your authenticator app and try again.' });
    const refused = await turnOff(appCodeOf(secret, 1));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: 'Too many sign-in attempts. Please wait a few minutes and try again.' });
    // The guesses counted as failed sign-ins of the account from there: sign-in waits as well.
    expect((await signIn(address, { email, password })).status).toBe(429);
    expect((await client.get('/api/auth/2fa')).body).toEqual({ enabled: true });
  }, 60_000);

  it('lets a training day register 40 teachers from one school address, and stops a script after 50', async () => {
    const school = newAddress();
    const register = (i: number) =>
      new TestClient(server.url).post('/api/auth/register', { name: `Teacher ${i}`, email: `training-${randomUUID()}@school.test`, password: 'long enough pw' }, from(school));
    const statuses: number[] = [];
    for (let batch = 0; batch < 50; batch += 10) {
      statuses.push(...(await Promise.all(Array.from({ length: 10 }, (_, i) => register(batch + i)))).map((response) => response.status));
    }
    expect(statuses).toEqual(Array(50).fill(202));
    const refused = await register(51);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await new TestClient(server.url).post('/api/auth/register', { name: 'Elsewhere', email: `e-${randomUUID()}@school.test`, password: 'long enough pw' }, from(newAddress()))).status).toBe(202);
  }, 180_000);
});
