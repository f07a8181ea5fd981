import { describe, expect, it } from 'vitest';
import type { ChangeMessage } from '@accommodate/shared-events/schemas/change-message';
import type { Change } from '../definitions/projection.ts';
import type { ReadStore } from '../store/read-store.ts';
import type { ChangePublisher } from './change-publisher.ts';
import { publishToStudentViewers } from './student-viewers.ts';

const viewers: Record<string, string[]> = { jane: ['olga', 'tom', 'abe'] };
/** The caseload's students as the store holds them now; 'broken' fails to read. */
const store = {
  collection: () => ({
    get: (id: string) => (id === 'broken' ? Promise.reject(new Error('read failed')) : Promise.resolve(viewers[id] ? { id, viewerIds: viewers[id] } : null)),
  }),
} as unknown as Pick<ReadStore, 'collection'>;

const poke = (studentId: string): ChangeMessage => ({ entity: 'implementation-log', id: studentId, studentId, actorId: 'olga' });

async function publish(changes: Change[]) {
  const sent: { message: ChangeMessage; audience: readonly string[] }[] = [];
  const failures: unknown[] = [];
  const publisher: ChangePublisher = { publish: (message, audience) => void sent.push({ message, audience }), close: async () => undefined };
  await publishToStudentViewers(store, publisher, changes, (error) => void failures.push(error));
  return { sent, failures };
}

describe('a change sent to a student’s viewers', () => {
  it('given a change naming a student, then it goes to everyone who sees them now, less those its own audience reached', async () => {
    const { sent } = await publish([{ message: poke('jane'), audience: ['tom'], viewersOf: 'jane' }]);
    expect(sent).toEqual([{ message: poke('jane'), audience: ['olga', 'abe'] }]);
  });

  it('given a student no longer in the caseload, then nobody hears of it', async () => {
    expect((await publish([{ message: poke('gone'), audience: [], viewersOf: 'gone' }])).sent).toEqual([]);
  });

  it('given a read that fails, then it is reported and the other changes still go out', async () => {
    const { sent, failures } = await publish([
      { message: poke('broken'), audience: [], viewersOf: 'broken' },
      { message: poke('jane'), audience: [], viewersOf: 'jane' },
    ]);
    expect(failures).toHaveLength(1);
    expect(sent).toEqual([{ message: poke('jane'), audience: ['olga', 'tom', 'abe'] }]);
  });
});
