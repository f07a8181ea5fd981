import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { EventEnvelope, EventMetadata } from '../events/envelope.ts';
import type { DomainEvent } from '../events/registry.ts';
import { streamName } from '../events/stream-name.ts';
import { WrongExpectedRevisionError } from './event-store.ts';

/** The events and helpers the EventStore contract's suites write and read with. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const newUserStream = (): { userId: string; streamId: string } => {
  const userId = randomUUID();
  return { userId, streamId: streamName('user', userId) };
};

export const metadata = (overrides: Partial<EventMetadata> = {}): EventMetadata => ({
  actor: { userId: 'teacher-1' },
  correlationId: randomUUID(),
  causationId: null,
  ...overrides,
});

export const registered = (userId: string): DomainEvent => ({
  type: 'UserRegistered',
  data: { userId, name: 'Test Teacher', email: `${userId}@example.test` },
});
export const upgraded = (userId: string): DomainEvent => ({ type: 'UserUpgradedToPremium', data: { userId } });

export async function waitFor(condition: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export async function collect(events: AsyncIterable<EventEnvelope>, streamIds: ReadonlySet<string>): Promise<EventEnvelope[]> {
  const found: EventEnvelope[] = [];
  for await (const event of events) if (streamIds.has(event.streamId)) found.push(event);
  return found;
}

export async function conflictOf(promise: Promise<unknown>): Promise<WrongExpectedRevisionError> {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WrongExpectedRevisionError);
  return error as WrongExpectedRevisionError;
}
