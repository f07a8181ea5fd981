import { describe, expect, it } from 'vitest';
import { WrongExpectedRevisionError, type EventStore, type ExpectedRevision } from '../event-store/event-store.ts';
import type { EventEnvelope } from '../events/envelope.ts';
import type { DomainEvent } from '../events/registry.ts';
import type { Decider } from '../domain/decider.ts';
import { decideOnStream } from './decide-on-stream.ts';

/** A tally of an address's proofs, counting up by one: each command names the count it expects to reach. */
type Count = { to: number };
const counting: Decider<number, Count, DomainEvent> = {
  eventTypes: ['UserEmailVerified'],
  initialState: () => 0,
  evolve: (count) => count + 1,
  decide: ({ to }, count) => (to <= count ? [] : [{ type: 'UserEmailVerified', data: { userId: 'u', email: 'a@example.org' } }]),
};

/** One stream in memory, with a hook that lets a rival write land between a read and an append. */
function memoryStore(beforeAppend: (store: { write: () => void }) => void = () => undefined) {
  const events: EventEnvelope[] = [];
  const write = () => {
    const revision = events.length;
    events.push({ eventId: `e${revision}`, type: 'UserEmailVerified', data: {}, streamId: 's', revision, position: BigInt(revision + 1), occurredAt: '', actor: { userId: 'u' }, correlationId: 'c', causationId: null, schemaVersion: 1 });
  };
  const store: Pick<EventStore, 'readStream' | 'append'> = {
    readStream: async () => [...events],
    append: async (streamId: string, appended: readonly DomainEvent[], options: { expectedRevision: ExpectedRevision }) => {
      beforeAppend({ write });
      const actual = events.length - 1;
      const expected = options.expectedRevision === 'no_stream' ? -1 : options.expectedRevision;
      if (expected !== 'any' && expected !== actual) throw new WrongExpectedRevisionError(streamId, options.expectedRevision, actual);
      appended.forEach(write);
      return { nextRevision: events.length - 1, position: BigInt(events.length) };
    },
  };
  return { store, events };
}

describe('the one write loop', () => {
  it('appends what the decision says, at the revision it was made on, and reports the new state', async () => {
    const { store, events } = memoryStore();
    const decided = await decideOnStream(store, counting, 's', { to: 1 }, { actor: { userId: 'u' } });
    expect(events).toHaveLength(1);
    expect(decided).toMatchObject({ state: 1, revision: 0, position: 1n });
  });

  it('writes nothing when a worker finds nothing to do', async () => {
    const { store, events } = memoryStore();
    const decided = await decideOnStream(store, counting, 's', () => null, { actor: { userId: 'u' } });
    expect(events).toHaveLength(0);
    expect(decided.position).toBeNull();
  });

  it('decides again on the newer stream when a rival wrote meanwhile and the caller set no precondition', async () => {
    let rivals = 1;
    const { store, events } = memoryStore(({ write }) => {
      if (rivals-- > 0) write();
    });
    // The rival's write already reached 1, so the second decision (on the newer stream) adds one more, not two.
    const decided = await decideOnStream(store, counting, 's', ({ state }) => ({ to: state + 1 }), { actor: { userId: 'u' } });
    expect(events).toHaveLength(2);
    expect(decided.state).toBe(2);
  });

  it('leaves a conflict with the revision the caller saw to the caller', async () => {
    const { store, events } = memoryStore(({ write }) => write());
    await expect(decideOnStream(store, counting, 's', { to: 1 }, { actor: { userId: 'u' }, expectedRevision: -1 })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(events).toHaveLength(1);
  });
});
