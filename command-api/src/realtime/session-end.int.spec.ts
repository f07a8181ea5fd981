import type { Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, SessionStore } from '../auth/sessions.ts';
import { signedInOnTwoDevices, TestClient, testServerForFile } from '../testing/test-server.ts';

const server = testServerForFile();
const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function closedWithin(socket: Socket, timeoutMs = 3_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (socket.connected && Date.now() < deadline) await sleep(20);
  return !socket.connected;
}

async function socketOf(client: TestClient): Promise<Socket> {
  const socket = await client.openSocket({ reconnection: false, forceNew: true });
  sockets.push(socket);
  return socket;
}

async function signedInTwice() {
  const devices = await signedInOnTwoDevices(server.url);
  return { ...devices, laptopSocket: await socketOf(devices.laptop), phoneSocket: await socketOf(devices.phone) };
}

describe('a session that ends closes its sockets', () => {
  it('signing out closes that browser’s sockets and leaves the other session’s open', async () => {
    const { laptop, laptopSocket, phoneSocket } = await signedInTwice();
    expect((await laptop.post('/api/auth/logout')).status).toBe(204);
    expect(await closedWithin(laptopSocket)).toBe(true);
    await sleep(200);
    expect(phoneSocket.connected).toBe(true);
  });

  it('a password change closes the sockets of every other session', async () => {
    const { account, laptop, laptopSocket, phoneSocket } = await signedInTwice();
    const changed = await laptop.post('/api/auth/update-password', {
      currentPassword: account.password,
      newPassword: 'a brand new passphrase',
      confirmPassword: 'a brand new passphrase',
    });
    expect(changed.status).toBe(204);
    expect(await closedWithin(phoneSocket)).toBe(true);
    await sleep(200);
    expect(laptopSocket.connected).toBe(true);
  });

  it('deleting the account closes all of its sockets', async () => {
    const { account, laptop, laptopSocket, phoneSocket } = await signedInTwice();
    expect((await laptop.request('DELETE', '/api/account', { body: { password: account.password } })).status).toBe(200);
    expect(await closedWithin(laptopSocket)).toBe(true);
    expect(await closedWithin(phoneSocket)).toBe(true);
  });

  it('a socket whose session ended elsewhere cannot watch a student, and is closed when it tries', async () => {
    const teacher = new TestClient(server.url);
    await teacher.register();
    const student = await teacher.post('/api/students', { firstName: 'Wren', lastInitial: 'w', grade: '2', status: 'active' });
    const socket = await socketOf(teacher);
    const watch = () =>
      socket.timeout(3_000).emitWithAck('student:watch', { studentId: student.body.id, mode: 'viewing' }) as Promise<{ ok: boolean }>;
    expect(await watch()).toEqual({ ok: true });

    // Another API process ends the session: nothing reaches this process's sockets but the store itself.
    const token = (teacher.cookie ?? '').slice(`${SESSION_COOKIE}=`.length);
    await new SessionStore(server.context.readStore, () => new Date()).destroy(token);
    expect(await watch()).toEqual({ ok: false, message: 'Not found' });
    expect(await closedWithin(socket)).toBe(true);
  });
});
