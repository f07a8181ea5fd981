import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@accommodate/shared-events/events/registry';
import { janeDetails } from '@accommodate/shared-events/testing/student-fixtures';
import { envelope, MemoryContext } from '../testing/memory-projection-context.ts';
import { RETENTION_STUDENTS, type RetentionStudentDoc } from '../queries/retention-schema.ts';
import { retentionProjection } from './retention-projection.ts';

// Retention's read model: when each student left, and its hold; applying an event twice changes nothing.
const stream = (id: string) => `student-${id}`;
const apply = async (context: MemoryContext, id: string, event: DomainEvent, occurredAt: string) => {
  const envelopeOf = envelope(stream(id), event, 'u1', occurredAt);
  await retentionProjection.apply(envelopeOf, context);
  return envelopeOf;
};
const docOf = (context: MemoryContext, id: string) => context.collections.get(RETENTION_STUDENTS)?.get(id) as RetentionStudentDoc | undefined;

describe('the retention projection', () => {
  it('starts the clock when the student is marked inactive, keeps the hold, and forgets an erased student', async () => {
    const context = new MemoryContext();
    await apply(context, 'r1', { type: 'StudentAdded', data: { studentId: 'r1', ownerId: 'u1', ...janeDetails, schoolId: 'north' } }, '2026-01-05T10:00:00.000Z');
    expect(docOf(context, 'r1')).toMatchObject({ schoolId: 'north', left: false, leftAt: null, hold: null });

    const withdrawn = await apply(context, 'r1', { type: 'StudentDetailsUpdated', data: { studentId: 'r1', changes: { status: 'inactive' } } }, '2026-03-02T10:00:00.000Z');
    expect(docOf(context, 'r1')).toMatchObject({ left: true, leftAt: '2026-03-02T10:00:00.000Z', leftBecause: 'inactive' });
    // Redelivered: the same document.
    await retentionProjection.apply({ ...withdrawn, occurredAt: '2026-04-01T00:00:00.000Z' }, context);
    expect(docOf(context, 'r1')?.leftAt).toBe('2026-03-02T10:00:00.000Z');

    await apply(context, 'r1', { type: 'StudentLegalHoldPlaced', data: { studentId: 'r1', reason: 'Hearing', placedBy: 'dana' } }, '2026-03-03T10:00:00.000Z');
    expect(docOf(context, 'r1')?.hold).toEqual({ reason: 'Hearing', placedAt: '2026-03-03T10:00:00.000Z' });
    await apply(context, 'r1', { type: 'StudentLegalHoldLifted', data: { studentId: 'r1', liftedBy: 'dana' } }, '2026-03-04T10:00:00.000Z');
    expect(docOf(context, 'r1')?.hold).toBeNull();

    await apply(context, 'r1', { type: 'StudentDetailsUpdated', data: { studentId: 'r1', changes: { status: 'active' } } }, '2026-05-01T10:00:00.000Z');
    expect(docOf(context, 'r1')).toMatchObject({ left: false, leftAt: null });
    await apply(context, 'r1', { type: 'StudentDeleted', data: { studentId: 'r1' } }, '2026-05-02T10:00:00.000Z');
    expect(docOf(context, 'r1')).toBeUndefined();
  });

  it('dates a graduate from the end of the school year they finished', async () => {
    const context = new MemoryContext();
    await apply(context, 'r2', { type: 'StudentAdded', data: { studentId: 'r2', ownerId: 'u1', ...janeDetails, grade: '12', schoolId: 'north' } }, '2025-09-01T10:00:00.000Z');
    await apply(context, 'r2', { type: 'StudentGraduated', data: { studentId: 'r2', schoolYear: '2026-2027' } }, '2026-08-20T10:00:00.000Z');
    expect(docOf(context, 'r2')).toMatchObject({ left: true, leftAt: '2026-07-31T00:00:00.000Z', leftBecause: 'graduated' });
  });

  it('pokes the admins of the student’s district when a left student’s place on the due list moves, and nobody else', async () => {
    const context = new MemoryContext();
    const org = async (stream_: string, event: DomainEvent) => retentionProjection.apply(envelope(stream_, event, 'dana', '2026-01-01T00:00:00.000Z'), context);
    await org('district-d1', { type: 'DistrictCreated', data: { districtId: 'd1', name: 'Lakeside USD', createdBy: 'dana' } });
    await org('school-north', { type: 'SchoolCreated', data: { schoolId: 'north', districtId: 'd1', name: 'North' } });
    const pokes = () => context.changes.splice(0).map((change) => ({ entity: change.message.entity, id: change.message.id, audience: change.audience }));

    await apply(context, 'r3', { type: 'StudentAdded', data: { studentId: 'r3', ownerId: 'u1', ...janeDetails, schoolId: 'north' } }, '2026-01-05T10:00:00.000Z');
    // Still attending: on no due list.
    expect(pokes()).toEqual([]);
    await apply(context, 'r3', { type: 'StudentDetailsUpdated', data: { studentId: 'r3', changes: { status: 'inactive' } } }, '2026-03-02T10:00:00.000Z');
    expect(pokes()).toEqual([{ entity: 'retention', id: 'd1', audience: ['dana'] }]);
    await apply(context, 'r3', { type: 'StudentLegalHoldPlaced', data: { studentId: 'r3', reason: 'Hearing', placedBy: 'dana' } }, '2026-03-03T10:00:00.000Z');
    expect(pokes()).toEqual([{ entity: 'retention', id: 'd1', audience: ['dana'] }]);
    // A new rule moves every date on the list.
    await org('district-d1', { type: 'DistrictRetentionSet', data: { districtId: 'd1', yearsAfterLeaving: 5, setBy: 'dana' } });
    expect(pokes()).toEqual([{ entity: 'retention', id: 'd1', audience: ['dana'] }]);
    // A student of no school is on no district's list.
    await apply(context, 'r4', { type: 'StudentAdded', data: { studentId: 'r4', ownerId: 'u1', ...janeDetails, status: 'inactive' } }, '2026-01-05T10:00:00.000Z');
    expect(pokes()).toEqual([]);
  });
});
