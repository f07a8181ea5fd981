import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import type { ShareRole } from '@accommodate/shared-events/schemas/share';
import { TestClient, type TestServer } from './test-server.ts';

/** The least a plan records before it can be finalised: the impairment, a life activity it limits, who took part. */
export const minimumPlanRecord = { impairment: 'Dyslexia', lifeActivities: ['Reading'], participants: [{ name: 'Pat Parent', role: 'Parent' }] };
export const jane = { firstName: 'Jane', lastInitial: 'd', grade: '4', status: 'active', accommodationIds: ['template-extended-time'] };

export async function teacher(server: Pick<TestServer, 'url'>, name = 'Teacher') {
  const client = new TestClient(server.url);
  const user = await client.register(name);
  return Object.assign(client, { user });
}
export type Teacher = Awaited<ReturnType<typeof teacher>>;

export const openSocket = (client: TestClient): Promise<Socket> => client.openSocket({ reconnection: false, forceNew: true });

export const watch = (socket: Socket, studentId: string, mode: 'viewing' | 'editing' = 'viewing') =>
  socket.timeout(3_000).emitWithAck('student:watch', { studentId, mode }) as Promise<{ ok: boolean; message?: string }>;

/**
 * A share whose expiry date has passed, as the log would hold it had the job not run
 * yet: appended directly, since the API refuses an expiry date in the past.
 */
export async function appendExpiredShare(server: Pick<TestServer, 'context'>, studentId: string, owner: Teacher, grantee: Teacher, role: ShareRole = 'substitute') {
  const stream = streamName('student', studentId);
  const last = (await server.context.eventStore.readStream(stream)).at(-1)!;
  const result = await server.context.eventStore.append(
    stream,
    [{ type: 'StudentShared', data: { studentId, shareId: randomUUID(), role, expiresAt: '2020-01-31', grantedBy: owner.user.id, granteeUserId: grantee.user.id, email: grantee.user.email } }],
    { expectedRevision: last.revision, actor: { userId: owner.user.id }, correlationId: randomUUID(), causationId: null },
  );
  await server.context.progress.waitForPosition(result.position, 3_000);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export async function waitFor(condition: () => boolean, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await sleep(20);
  }
}
