import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openEmbeddedEventStore } from '@accommodate/shared-events/event-store/embedded-event-store';
import { createShreddingEventStore } from '@accommodate/shared-events/event-store/shredding-event-store';
import { openSqliteSubjectKeyStore } from '@accommodate/shared-events/event-store/subject-key-store';
import { WrongExpectedRevisionError } from '@accommodate/shared-events/event-store/event-store';
import type { DomainEvent } from '@accommodate/shared-events/events/registry';
import { handleCommand } from './handle-command.ts';
import type { Decider } from '@accommodate/shared-events/domain/decider';

type Rename = { firstName: string };
interface Named {
  firstName: string | null;
}
/** A student's first name: renaming to the same name changes nothing. */
const naming: Decider<Named, Rename, DomainEvent> = {
  eventTypes: ['StudentAdded', 'StudentDetailsUpdated'],
  initialState: () => ({ firstName: null }),
  evolve: (state, event) => {
    const data = event.data as { firstName?: string; changes?: { firstName?: string } };
    return { firstName: data.firstName ?? data.changes?.firstName ?? state.firstName };
  },
  decide: ({ firstName }, state) => {
    if (state.firstName === firstName) return [];
    const data = { studentId: 's1', changes: { firstName } };
    return state.firstName === null
      ? [{ type: 'StudentAdded', data: { studentId: 's1', ownerId: 'u1', firstName, lastInitial: 'Q', grade: '3', status: 'active', birthdate: null, parentName: null, parentEmail: null, parentNotes: null, notes: null } }]
      : [{ type: 'StudentDetailsUpdated', data }];
  },
};
const actor = { userId: 'u1' };
const progress = { waitForPosition: async () => true };

describe('handleCommand with folded states kept between commands', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const open = () => {
    dir = mkdtempSync(join(tmpdir(), 'handle-command-'));
    return createShreddingEventStore(openEmbeddedEventStore({ file: join(dir, 'events.sqlite') }), openSqliteSubjectKeyStore(join(dir, 'keys.sqlite')));
  };

  it('never decides on a state older than the stream when someone else wrote it since', async () => {
    const eventStore = open();
    const context = { eventStore, progress } as never;
    await handleCommand(context, naming, 'student-s1', { firstName: 'Ann' }, { actor });
    // Another writer (another process, another decider) renames behind this process's back.
    await eventStore.append('student-s1', [{ type: 'StudentDetailsUpdated', data: { studentId: 's1', changes: { firstName: 'Bea' } } }], { expectedRevision: 0, actor, correlationId: 'c', causationId: null });
    // On the cached state ('Ann') this would be a no-op answering the old name and revision.
    const renamedBack = await handleCommand(context, naming, 'student-s1', { firstName: 'Ann' }, { actor });
    expect(renamedBack).toMatchObject({ state: { firstName: 'Ann' }, revision: 2 });
    // The other writer again; then a rename the cached state would append at a stale revision.
    await eventStore.append('student-s1', [{ type: 'StudentDetailsUpdated', data: { studentId: 's1', changes: { firstName: 'Cy' } } }], { expectedRevision: 2, actor, correlationId: 'c', causationId: null });
    expect(await handleCommand(context, naming, 'student-s1', { firstName: 'Dee' }, { actor })).toMatchObject({ state: { firstName: 'Dee' }, revision: 4 });
    // A stale If-Match is still refused.
    await expect(handleCommand(context, naming, 'student-s1', { firstName: 'Eve' }, { actor, expectedRevision: 3 })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(await handleCommand(context, naming, 'student-s1', { firstName: 'Eve' }, { actor, expectedRevision: 4 })).toMatchObject({ revision: 5 });
    await eventStore.close();
  });

  it('forgets folded states with personal data once a subject is erased', async () => {
    const eventStore = open();
    const context = { eventStore, progress } as never;
    await handleCommand(context, naming, 'student-s1', { firstName: 'Ann' }, { actor });
    await eventStore.forgetSubject('s1');
    // Decided on the log as it now reads: the old name is gone, so the same name is a change again.
    const after = await handleCommand(context, naming, 'student-s1', { firstName: 'Ann' }, { actor });
    expect(after.newEvents).toHaveLength(1);
    expect((await eventStore.readStream('student-s1')).map((e) => (e.data as { changes?: { firstName: string } }).changes?.firstName)).toEqual([undefined, '[erased]']);
    await eventStore.close();
  });
});
