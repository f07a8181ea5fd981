import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@accommodate/shared-events/events/envelope';
import type { Logger } from '@accommodate/shared-events/logging/logger';
import { startShareAccessReactor } from './share-access-reactor.ts';

const revoked: EventEnvelope = {
  eventId: 'e1',
  type: 'ShareRevoked',
  data: { studentId: 's1', shareId: 'sh1' },
  streamId: 'student-s1',
  revision: 3,
  position: 10n,
  occurredAt: '2026-11-25T00:00:00.000Z',
  actor: { userId: 'owner' },
  correlationId: 'c',
  causationId: null,
  schemaVersion: 1,
};

const silent: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

describe('the share access reactor', () => {
  it('re-checks the room at once, and again once lagging read models include the revocation', async () => {
    let projected = false;
    let waits = 0;
    const rechecks: { studentId: string; projected: boolean }[] = [];
    const reactor = startShareAccessReactor({
      eventStore: {
        headPosition: async () => 9n,
        async *subscribeToAll(options) {
          yield revoked;
          await new Promise((resolve) => options?.signal?.addEventListener('abort', resolve));
        },
      },
      // Two waits time out (a projection lagging past the 3 s), the third succeeds.
      progress: {
        async waitForPosition() {
          waits += 1;
          if (waits < 3) return false;
          projected = true;
          return true;
        },
        caughtUp: async () => true,
      },
      logger: silent,
      revalidate: async (studentId) => void rechecks.push({ studentId, projected }),
    });
    await expect.poll(() => rechecks.length).toBe(2);
    expect(rechecks).toEqual([
      { studentId: 's1', projected: false },
      { studentId: 's1', projected: true },
    ]);
    await reactor.stop();
  });

  it('re-checks every student room a removed district admin’s sockets are in', async () => {
    const users: string[] = [];
    const reactor = startShareAccessReactor({
      eventStore: {
        headPosition: async () => 9n,
        async *subscribeToAll(options) {
          yield { ...revoked, eventId: 'e2', type: 'DistrictAdminRemoved', data: { districtId: 'd1', userId: 'eli', adminIds: ['a1'], removedBy: 'dana' }, streamId: 'district-d1' };
          await new Promise((resolve) => options?.signal?.addEventListener('abort', resolve));
        },
      },
      progress: { waitForPosition: async () => true, caughtUp: async () => true },
      logger: silent,
      revalidate: async () => undefined,
      revalidateUser: async (userId) => void users.push(userId),
    });
    await expect.poll(() => users).toEqual(['eli']);
    await reactor.stop();
  });
});
