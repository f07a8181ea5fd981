import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { signedInTeacher, TestClient, testServerForFile } from '../../testing/test-server.ts';
import { linkMailedAfter, mailAfter, outboxMessages } from '../../testing/outbox-mail.ts';

/**
 * The high finding: a share to an address without an account waited for whoever registered that address,
 * or changed their e-mail to it. An address now counts only once verified, by following a link mailed to it.
 */
const server = testServerForFile();

const jane = { firstName: 'Jane', lastInitial: 'D', grade: '4', status: 'active', accommodationIds: [] };
const address = (who: string) => `${who}-${randomUUID()}@school.test`;
const PASSWORD = 'correct horse battery';

async function ownerSharingWith(email: string, role = 'co-teacher') {
  const owner = await signedInTeacher(server.url, 'Olive Owner');
  const studentId = (await owner.post('/api/students', jane)).body.id as string;
  const share = await owner.post(`/api/students/${studentId}/shares`, { email, role });
  expect(share.status).toBe(201);
  return { owner, studentId, share: share.body };
}

const verificationLinkAfter = (email: string, action: () => Promise<unknown>) => linkMailedAfter(server.dataDir, email, '/verify-email', action);

/**
 * Someone registering an address whose inbox they do not read: the API answers, they sign in (which works before
 * verification), and the link lands in the inbox of the address's real owner (returned as `linkInTheirInbox`).
 */
async function registerWithoutReadingMail(email: string) {
  const client = new TestClient(server.url);
  const linkInTheirInbox = await verificationLinkAfter(email, () => client.post('/api/auth/register', { name: 'Mallory Taker', email, password: PASSWORD }));
  expect((await client.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
  return Object.assign(client, { linkInTheirInbox });
}

describe('an e-mail address counts only once verified', () => {
  it('registering a pending share’s address gives nothing until the address’s owner verifies it; the owner gets in by a reset', async () => {
    const victim = address('victim');
    const { owner, studentId } = await ownerSharingWith(victim);

    const mallory = await registerWithoutReadingMail(victim);
    expect((await mallory.get('/api/auth/me')).body).toMatchObject({ email: victim, emailVerified: false });
    expect((await mallory.get(`/api/students/${studentId}`)).status).toBe(404);
    expect((await mallory.get('/api/students')).body).toEqual([]);
    expect((await owner.get(`/api/students/${studentId}/shares`)).body).toEqual([expect.objectContaining({ status: 'pending', grantee: null })]);

    // The link went to the victim's inbox. Opened there without a session, it does nothing.
    expect((await new TestClient(server.url).post('/api/auth/verify-email', { token: mallory.linkInTheirInbox })).status).toBe(401);

    // The real owner of the address cannot register it again, but can reset the password: that proves the address.
    const reset = await linkMailedAfter(server.dataDir, victim, '/reset-password', () => new TestClient(server.url).post('/api/auth/forgot-password', { email: victim }));
    const victimClient = new TestClient(server.url);
    const answer = await victimClient.post('/api/auth/reset-password', { token: reset, newPassword: 'victim’s own password', confirmPassword: 'victim’s own password' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ email: victim, emailVerified: true });
    expect((await victimClient.get(`/api/students/${studentId}`)).body).toMatchObject({ id: studentId, access: 'co-teacher' });
    // Whoever registered it is signed out, and the old password is gone.
    expect((await mallory.get('/api/auth/me')).status).toBe(401);
    expect((await new TestClient(server.url).post('/api/auth/login', { email: victim, password: PASSWORD })).status).toBe(401);
  });

  it('changing the e-mail to a pending share’s address needs the password, and gives nothing until the new address is verified', async () => {
    const invited = address('invited');
    const { owner, studentId } = await ownerSharingWith(invited);
    const mallory = await signedInTeacher(server.url, 'Mallory Mover');
    const oldAddress = mallory.account.email;

    const without = await mallory.put('/api/settings', { name: 'Mallory Mover', email: invited });
    expect(without.status).toBe(400);
    expect(without.body).toEqual({ message: 'Current password is required', errors: { currentPassword: 'Current password is required' } });
    const wrong = await mallory.put('/api/settings', { name: 'Mallory Mover', email: invited, currentPassword: 'not it' });
    expect(wrong.body.errors).toEqual({ currentPassword: 'Current password is incorrect' });
    expect((await mallory.get('/api/auth/me')).body.email).toBe(oldAddress);

    const notice = await mailAfter(server.dataDir, oldAddress, async () => {
      const moved = await mallory.put('/api/settings', { name: 'Mallory Mover', email: invited, currentPassword: PASSWORD });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ email: invited, emailVerified: false });
    });
    expect(notice.subject).toBe('The e-mail address of your Accommodate account was changed');
    expect(notice.text).not.toContain(invited);
    expect((await mallory.get(`/api/students/${studentId}`)).status).toBe(404);
    expect((await owner.get(`/api/students/${studentId}/shares`)).body).toEqual([expect.objectContaining({ status: 'pending', grantee: null })]);
    // The verification link went to the new address (whose inbox Mallory does not read).
    expect(outboxMessages(server.dataDir).some((mail) => mail.to === invited && mail.text.includes('/verify-email#token='))).toBe(true);

    // A new name or the notification switch alone needs no password.
    expect((await mallory.put('/api/settings', { name: 'Mallory M.', email: invited, emailNotifications: false })).status).toBe(200);
  });

  it('keeps shares already active when the grantee changes address, and moves no pending one to the new address before it is verified', async () => {
    const colleague = await signedInTeacher(server.url, 'Cam Colleague');
    const { studentId } = await ownerSharingWith(colleague.account.email);
    const later = address('later');
    const second = await ownerSharingWith(later);
    const token = await verificationLinkAfter(later, () =>
      colleague.put('/api/settings', { name: 'Cam Colleague', email: later, currentPassword: PASSWORD }),
    );
    expect((await colleague.get(`/api/students/${studentId}`)).status).toBe(200);
    expect((await colleague.get(`/api/students/${second.studentId}`)).status).toBe(404);
    expect((await colleague.post('/api/auth/verify-email', { token })).body).toMatchObject({ email: later, emailVerified: true });
    expect((await colleague.get(`/api/students/${second.studentId}`)).body).toMatchObject({ access: 'co-teacher' });
  });

  it('verifying activates exactly that address’s pending shares', async () => {
    const mine = address('mine');
    const other = address('other');
    const first = await ownerSharingWith(mine, 'auditor');
    const second = await ownerSharingWith(other);
    const client = new TestClient(server.url);
    const account = await client.register('Vera Verified', mine);
    expect(account).toMatchObject({ emailVerified: true });
    expect((await client.get('/api/students')).body).toEqual([expect.objectContaining({ id: first.studentId, access: 'auditor' })]);
    expect((await client.get(`/api/students/${first.studentId}`)).status).toBe(200);
    expect((await first.owner.get(`/api/students/${first.studentId}/shares`)).body).toEqual([
      expect.objectContaining({ status: 'active', grantee: { id: account.id, name: 'Vera Verified' } }),
    ]);
    expect((await second.owner.get(`/api/students/${second.studentId}/shares`)).body).toEqual([expect.objectContaining({ status: 'pending', grantee: null })]);
  });

  it('a taken address answers registration exactly as a new one, creates nothing, and tells its owner', async () => {
    const holder = await signedInTeacher(server.url, 'Hana Holder');
    const fresh = new TestClient(server.url);
    const taken = new TestClient(server.url);
    const answerNew = await fresh.post('/api/auth/register', { name: 'New Person', email: address('fresh'), password: PASSWORD });
    let answerTaken: Awaited<ReturnType<TestClient['post']>> | undefined;
    const notice = await mailAfter(server.dataDir, holder.account.email, async () => {
      answerTaken = await taken.post('/api/auth/register', { name: 'Someone Else', email: holder.account.email.toUpperCase(), password: 'another password' });
    });
    expect(answerNew.status).toBe(202);
    expect(answerTaken!.status).toBe(answerNew.status);
    expect(answerTaken!.body).toEqual(answerNew.body);
    expect(answerNew.body).toEqual({ message: 'Check your e-mail: we sent you a link to verify your address.' });
    expect([fresh.cookie, taken.cookie, answerNew.headers.get('set-cookie'), answerTaken!.headers.get('set-cookie')]).toEqual([null, null, null, null]);

    expect(notice.subject).toBe('Someone tried to create an Accommodate account with your address');
    expect(notice.text).toContain(`${server.context.config.appUrl}/forgot-password`);
    expect(notice.text).toContain(`${server.context.config.appUrl}/login`);
    expect((await new TestClient(server.url).post('/api/auth/login', { email: holder.account.email, password: 'another password' })).status).toBe(401);
    expect((await holder.get('/api/auth/me')).body).toMatchObject({ name: 'Hana Holder', emailVerified: true });
  });

  it('answers a share in the same shape for an address with an unverified account as for one with none', async () => {
    const unverified = address('unverified');
    await registerWithoutReadingMail(unverified);
    const owner = await signedInTeacher(server.url, 'Olive Owner');
    const studentId = (await owner.post('/api/students', jane)).body.id as string;
    const shape = (share: Record<string, unknown>) => ({ ...share, id: 'id', email: 'email', createdAt: 'at' });
    const known = await owner.post(`/api/students/${studentId}/shares`, { email: unverified, role: 'substitute' });
    const unknown = await owner.post(`/api/students/${studentId}/shares`, { email: address('nobody'), role: 'substitute' });
    expect(known.status).toBe(unknown.status);
    expect(shape(known.body)).toEqual(shape(unknown.body));
    expect(known.body).toMatchObject({ status: 'pending', grantee: null });
    // One's own address is refused, verified or not.
    const self = await owner.post(`/api/students/${studentId}/shares`, { email: owner.account.email, role: 'auditor' });
    expect(self.body).toMatchObject({ message: 'You already own this student' });
  });
});

describe('verification links', () => {
  it('need the session of the account they were mailed for; another account’s does not spend them', async () => {
    const email = address('own');
    const client = new TestClient(server.url);
    const token = await verificationLinkAfter(email, () => client.post('/api/auth/register', { name: 'Owen Own', email, password: PASSWORD }));
    const anonymous = await new TestClient(server.url).post('/api/auth/verify-email', { token });
    expect(anonymous).toMatchObject({ status: 401, body: { message: 'Please sign in to continue' } });
    const stranger = await signedInTeacher(server.url, 'Sid Stranger');
    expect(await stranger.post('/api/auth/verify-email', { token })).toMatchObject({ status: 400, body: { message: 'This link is invalid or has expired' } });
    expect((await stranger.get('/api/auth/me')).body.email).toBe(stranger.account.email);

    await client.post('/api/auth/login', { email, password: PASSWORD });
    expect((await client.post('/api/auth/verify-email', { token })).body).toMatchObject({ email, emailVerified: true });
    // Single use.
    expect(await client.post('/api/auth/verify-email', { token })).toMatchObject({ status: 400, body: { message: 'This link is invalid or has expired' } });
  });

  it('expire after 24 hours by the server’s clock, and a resend replaces the previous link', async () => {
    const email = address('slow');
    const client = new TestClient(server.url);
    const first = await verificationLinkAfter(email, () => client.post('/api/auth/register', { name: 'Sol Slow', email, password: PASSWORD }));
    await client.post('/api/auth/login', { email, password: PASSWORD });
    const second = await verificationLinkAfter(email, async () => expect((await client.post('/api/auth/verify-email/resend')).status).toBe(204));
    expect((await client.post('/api/auth/verify-email', { token: first })).status).toBe(400);

    const realNow = server.context.now;
    server.context.now = () => new Date(realNow().getTime() + 24 * 60 * 60 * 1000 + 60_000);
    try {
      expect((await client.post('/api/auth/verify-email', { token: second })).status).toBe(400);
    } finally {
      server.context.now = realNow;
    }
    expect((await client.get('/api/auth/me')).body.emailVerified).toBe(false);
  });

  it('are stored only as a hash: the raw token is in the mail and nowhere in the stores; the mail’s file names no one', async () => {
    const email = address('hashed');
    const client = new TestClient(server.url);
    const token = await verificationLinkAfter(email, () => client.post('/api/auth/register', { name: 'Hal Hashed', email, password: PASSWORD }));
    const stores = fs.readdirSync(server.dataDir).filter((file) => file.endsWith('.sqlite') || file.endsWith('-wal')).map((file) => path.join(server.dataDir, file));
    expect(stores.length).toBeGreaterThan(1);
    for (const file of stores) expect(fs.readFileSync(file).includes(Buffer.from(token)), file).toBe(false);
    // The mail itself is named by opaque ids, never the address.
    const names = fs.readdirSync(path.join(server.dataDir, 'outbox'));
    expect(names.filter((name) => name.includes(email.split('@')[0]!))).toEqual([]);
    await client.post('/api/auth/login', { email, password: PASSWORD });
    expect((await client.post('/api/auth/verify-email', { token })).status).toBe(200);
  });

  it('are resent a few times an hour at most, and not at all once verified', async () => {
    const email = address('eager');
    const client = new TestClient(server.url);
    await client.post('/api/auth/register', { name: 'Eve Eager', email, password: PASSWORD });
    expect((await client.post('/api/auth/verify-email/resend')).status).toBe(401);
    await client.post('/api/auth/login', { email, password: PASSWORD });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await client.post('/api/auth/verify-email/resend')).status);
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429]);

    const verified = await signedInTeacher(server.url);
    expect((await verified.post('/api/auth/verify-email/resend')).status).toBe(204);
    expect((await verified.get('/api/auth/me')).body.emailVerified).toBe(true);
  });
});

describe('a Settings e-mail change to an address another account holds', () => {
  it('answers as for a free address, changes nothing, and tells the holder', async () => {
    const holder = await signedInTeacher(server.url, 'Hana Holder');
    const mover = await signedInTeacher(server.url, 'Max Mover');
    const free = address('free');
    const toFree = await mover.put('/api/settings', { name: 'Max Mover', email: free, currentPassword: PASSWORD });
    const back = await mover.put('/api/settings', { name: 'Max Mover', email: mover.account.email, currentPassword: PASSWORD });
    expect([toFree.status, back.status]).toEqual([200, 200]);

    let toTaken: Awaited<ReturnType<TestClient['put']>> | undefined;
    const notice = await mailAfter(server.dataDir, holder.account.email, async () => {
      toTaken = await mover.put('/api/settings', { name: 'Max Mover', email: holder.account.email.toUpperCase(), currentPassword: PASSWORD });
    });
    expect(toTaken!.status).toBe(toFree.status);
    expect(Object.keys(toTaken!.body as object).sort()).toEqual(Object.keys(toFree.body as object).sort());
    expect(toTaken!.body).toMatchObject({ email: holder.account.email, emailVerified: false });
    expect(notice.subject).toBe('Someone tried to use your address for another Accommodate account');

    // Nothing moved: each account signs in with its own address, and the holder's address is still the holder's.
    expect((await new TestClient(server.url).post('/api/auth/login', { email: mover.account.email, password: PASSWORD })).status).toBe(200);
    expect((await new TestClient(server.url).post('/api/auth/login', { email: holder.account.email, password: PASSWORD })).body.name).toBe('Hana Holder');
  });

  it('stays truthful afterwards: GET /api/auth/user shows the new address pending, as after a free change, until another change', async () => {
    const holderPassword = 'the holder’s own password';
    const holder = Object.assign(new TestClient(server.url), { account: { email: address('hana') } });
    // Each mail to the holder is waited for: one still on its way would be counted as the resend's below.
    await verificationLinkAfter(holder.account.email, () => holder.register('Hana Holder', holder.account.email, holderPassword));
    const mover = await signedInTeacher(server.url, 'Max Mover');
    const other = await signedInTeacher(server.url, 'Fay Free');
    const free = address('free');
    await other.put('/api/settings', { name: 'Fay Free', email: free, currentPassword: PASSWORD });
    await mailAfter(server.dataDir, holder.account.email, () => mover.put('/api/settings', { name: 'Max Mover', email: holder.account.email, currentPassword: PASSWORD }));

    const afterFree = (await other.get('/api/auth/user')).body;
    const afterTaken = (await mover.get('/api/auth/user')).body;
    expect(afterFree).toMatchObject({ email: free, emailVerified: false });
    expect(afterTaken).toMatchObject({ email: holder.account.email, emailVerified: false });
    expect(Object.keys(afterTaken as object).sort()).toEqual(Object.keys(afterFree as object).sort());

    // Saving a new name keeps the pending address and asks no password, as it would for a free one.
    const renamed = await mover.put('/api/settings', { name: 'Max Mover-Smith', email: holder.account.email });
    expect(renamed.status).toBe(200);
    expect((await mover.get('/api/auth/user')).body).toMatchObject({ name: 'Max Mover-Smith', email: holder.account.email, emailVerified: false });

    // Resending answers as for any unverified address, and mails the holder no link for someone else's account.
    const holderMailBefore = outboxMessages(server.dataDir).filter((mail) => mail.to === holder.account.email).length;
    expect((await mover.post('/api/auth/verify-email/resend', {})).status).toBe(204);
    // The free address's resend is mailed (waited for here), so the mover's, made before it, would have been too.
    expect(await verificationLinkAfter(free, () => other.post('/api/auth/verify-email/resend', {}))).toBeTruthy();
    expect(outboxMessages(server.dataDir).filter((mail) => mail.to === holder.account.email).length).toBe(holderMailBefore);

    // The password asked is still the account's own, never the holder's of the pending address.
    const withHoldersPassword = await mover.put('/api/settings', { name: 'Max Mover-Smith', email: mover.account.email, currentPassword: holderPassword });
    expect(withHoldersPassword.status).toBe(400);
    // Going back to its own address drops the pending one; the account still signs in with it.
    expect((await mover.put('/api/settings', { name: 'Max Mover-Smith', email: mover.account.email, currentPassword: PASSWORD })).status).toBe(200);
    expect((await mover.get('/api/auth/user')).body).toMatchObject({ email: mover.account.email });
    expect((await new TestClient(server.url).post('/api/auth/login', { email: mover.account.email, password: PASSWORD })).status).toBe(200);
    expect((await new TestClient(server.url).post('/api/auth/login', { email: holder.account.email, password: holderPassword })).status).toBe(200);
  });
});
