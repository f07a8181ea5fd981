import { describe, expect, it } from 'vitest';
import { embeddedStoresOnOneFile } from '@accommodate/projections/testing/embedded-stores-on-one-file';
import { SESSION_TTL_MS, SessionStore } from './sessions.ts';

/** Sessions are remembered between requests; each of these must still end a session at once. */
describe('sessions, remembered between requests', () => {
  const { open: openStore } = embeddedStoresOnOneFile('sessions');
  let clock = new Date('2026-09-01T08:00:00Z');
  const now = () => clock;

  it('a sign-out in another process (another connection to the file) is refused at the next request', async () => {
    const here = new SessionStore(openStore(), now);
    const elsewhere = new SessionStore(openStore(), now);
    const token = await here.create('teacher-1');
    expect(await here.userIdFor(token)).toBe('teacher-1');
    expect(await here.userIdFor(token)).toBe('teacher-1');

    await elsewhere.destroy(token);
    expect(await here.userIdFor(token)).toBeNull();
  });

  it('a password change signs the other sessions out at once, in this process too', async () => {
    const sessions = new SessionStore(openStore(), now);
    const laptop = await sessions.create('teacher-1');
    const phone = await sessions.create('teacher-1');
    expect(await sessions.userIdFor(phone)).toBe('teacher-1');

    await sessions.destroyOthers('teacher-1', laptop);
    expect(await sessions.userIdFor(phone)).toBeNull();
    expect(await sessions.userIdFor(laptop)).toBe('teacher-1');
  });

  it('a remembered session still ends when it expires', async () => {
    clock = new Date('2026-09-01T08:00:00Z');
    const sessions = new SessionStore(openStore(), now);
    const token = await sessions.create('teacher-1');
    expect(await sessions.userIdFor(token)).toBe('teacher-1');

    clock = new Date(clock.getTime() + SESSION_TTL_MS);
    expect(await sessions.userIdFor(token)).toBeNull();
    clock = new Date('2026-09-01T08:00:00Z');
    expect(await sessions.userIdFor(token)).toBeNull();
  });

  it("a connection that carries another person's cookie next (a proxy's pooled connection) gets that person", async () => {
    const sessions = new SessionStore(openStore(), now);
    const ann = await sessions.create('teacher-ann');
    const ben = await sessions.create('teacher-ben');
    const connection = {};
    expect(await sessions.userIdFor(ann, { activity: false, connection })).toBe('teacher-ann');
    expect(await sessions.userIdFor(ben, { activity: false, connection })).toBe('teacher-ben');
    expect(await sessions.userIdFor(ann, { activity: false, connection })).toBe('teacher-ann');
    await sessions.destroy(ann);
    expect(await sessions.userIdFor(ann, { activity: false, connection })).toBeNull();
  });

  it("a sign-out elsewhere is refused at the next request, whose stamp is read at its start", async () => {
    const here = new SessionStore(openStore(), now);
    const elsewhere = new SessionStore(openStore(), now);
    const token = await here.create('teacher-1');
    expect(await here.userIdFor(token, { activity: false, stamp: here.readStamp() })).toBe('teacher-1');

    await elsewhere.destroy(token);
    expect(await here.userIdFor(token, { activity: false, stamp: here.readStamp() })).toBeNull();
  });
});
