import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '@accommodate/shared-events/events/registry';
import type { Logger } from '@accommodate/shared-events/logging/logger';
import { InMemoryEventStore } from '@accommodate/shared-events/event-store/testing/in-memory-event-store';
import { openEmbeddedReadStore } from '@accommodate/projections/store/embedded-read-store';
import { startProjections } from '@accommodate/projections/runner/projection-runner';
import { caseloadProjection } from '@accommodate/projections/definitions/caseload-projection';
import { usersProjection } from '@accommodate/projections/definitions/users-projection';
import { notificationsProjection } from '@accommodate/projections/definitions/notifications-projection';
import type { ReadStore } from '@accommodate/projections/store/read-store';
import type { Mailer, OutgoingMail } from '../notifications/mailer.ts';

/** The public origin the workers' e-mails link to in tests. */
export const TEST_APP_URL = 'https://accommodate.test';

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

/** Test helper: a log in memory, the read models the workers consult, and a mailer that only records. */
export interface ReadSide {
  eventStore: InMemoryEventStore;
  readStore: ReadStore;
  mailer: Mailer;
  /** What the mailer was asked to send, in order. */
  sent: OutgoingMail[];
  append(stream: string, event: DomainEvent, userId?: string): ReturnType<InMemoryEventStore['append']>;
  stop(): Promise<void>;
}

export async function startReadSide(): Promise<ReadSide> {
  const eventStore = new InMemoryEventStore();
  const readStore = openEmbeddedReadStore({ file: ':memory:' });
  const runner = await startProjections({
    eventStore,
    readStore,
    projections: [usersProjection, caseloadProjection, notificationsProjection],
    publisher: { publish() {}, close: async () => {} },
  });
  const sent: OutgoingMail[] = [];
  return {
    eventStore,
    readStore,
    sent,
    mailer: { send: async (mail) => (sent.push(mail), 'file'), withdraw: async () => undefined, close() {} },
    append: (stream, event, userId = 'teacher-1') =>
      eventStore.append(stream, [event], { expectedRevision: 'any', actor: { userId }, correlationId: randomUUID(), causationId: null }),
    async stop() {
      await runner.stop();
      await readStore.close();
    },
  };
}
