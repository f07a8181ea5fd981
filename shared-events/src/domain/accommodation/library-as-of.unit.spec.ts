import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../events/envelope.ts';
import type { DomainEvent } from '../../events/registry.ts';
import { janeDetails } from '../../testing/student-fixtures.ts';
import { studentWithAccommodationsAsOf } from '../student/student-as-of.ts';
import { buildHistory } from '../student/student-history.ts';
import { accommodationReadAt, libraryAsOf, REMOVED_ACCOMMODATION } from './library-as-of.ts';

const at = (day: number) => `2026-03-${String(day).padStart(2, '0')}T09:00:00.000Z`;
/** Given: a stream, its events on the days named. */
const given = (streamId: string, ...events: [number, DomainEvent][]): EventEnvelope[] =>
  events.map(([day, event], index) => ({
    ...event,
    eventId: `${streamId}-${index}`,
    streamId,
    revision: index,
    position: BigInt(day * 10 + index),
    occurredAt: at(day),
    actor: { userId: 'olga' },
    correlationId: 'c',
    causationId: null,
    schemaVersion: 2,
  }));

const details = { name: 'Movement breaks every 20 minutes', category: 'behavioral', description: 'A walk to the office', appliesToTests: false };
const breaks = given(
  'accommodation-a1',
  [1, { type: 'AccommodationAdded', data: { accommodationId: 'a1', ownerId: 'olga', ...details } }],
  [10, { type: 'AccommodationUpdated', data: { accommodationId: 'a1', ...details, name: 'Movement breaks every 30 minutes' } }],
  [20, { type: 'AccommodationRemoved', data: { accommodationId: 'a1' } }],
);
const student = given(
  'student-s1',
  [2, { type: 'StudentAdded', data: { studentId: 's1', ownerId: 'olga', ...janeDetails } }],
  [3, { type: 'StudentAccommodationsChanged', data: { studentId: 's1', added: ['a1'], removed: [] } }],
  [12, { type: 'StudentAccommodationsChanged', data: { studentId: 's1', added: [], removed: ['a1'] } }],
);
const library = new Map([['a1', breaks]]);

describe('the library as of a past instant', () => {
  it('reads an accommodation under the name it had then, not the one it has now', () => {
    expect(accommodationReadAt('a1', breaks, at(5))).toMatchObject({ name: 'Movement breaks every 20 minutes', category: 'behavioral', description: 'A walk to the office' });
    expect(accommodationReadAt('a1', breaks, at(10))).toMatchObject({ name: 'Movement breaks every 30 minutes' });
  });

  it('names what did not exist then, or was removed by then, as removed', () => {
    expect(accommodationReadAt('a1', breaks, '2026-02-28T00:00:00.000Z').name).toBe(REMOVED_ACCOMMODATION);
    expect(accommodationReadAt('a1', breaks, at(21)).name).toBe(REMOVED_ACCOMMODATION);
    expect(libraryAsOf(new Map(), ['gone'], at(5)).get('gone')?.name).toBe(REMOVED_ACCOMMODATION);
  });

  it('gives the student as of then with its accommodations as they read then', () => {
    expect(studentWithAccommodationsAsOf(student, library, at(5))?.accommodations).toEqual([
      { id: 'a1', name: 'Movement breaks every 20 minutes', category: 'behavioral', description: 'A walk to the office', status: 'active' },
    ]);
    expect(studentWithAccommodationsAsOf(student, library, at(11))?.accommodations.map((a) => a.name)).toEqual(['Movement breaks every 30 minutes']);
    expect(studentWithAccommodationsAsOf(student, library, at(1))).toBeNull();
  });

  it('lets the history name each change’s accommodations as they read at that change', () => {
    const names = { person: () => 'Olga Owner', school: () => 'Lakeside Elementary', accommodation: (id: string, when: string) => accommodationReadAt(id, library.get(id) ?? [], when).name };
    const changes = buildHistory({ student, plans: [], documents: [] }, names)
      .filter((entry) => entry.kind === 'Accommodations changed')
      .map((entry) => entry.changes[0]);
    expect(changes).toEqual([
      { field: 'accommodations', before: ['Movement breaks every 30 minutes'], after: [] },
      { field: 'accommodations', before: [], after: ['Movement breaks every 20 minutes'] },
    ]);
  });
});
