import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../events/envelope.ts';
import type { PlanEvent } from '../../events/plan-events.ts';
import { acknowledgementTimes, planVersionsOf, versionInForce } from './plan-versions.ts';
import { planRevisions } from './plan-revisions.ts';

let revision = 0;
const at = (event: PlanEvent, occurredAt: string, actor = 'owner'): EventEnvelope => ({
  eventId: `e${revision}`,
  type: event.type,
  data: event.data,
  streamId: 'plan-p1',
  revision: revision++,
  position: BigInt(revision),
  occurredAt,
  actor: { userId: actor },
  correlationId: 'c',
  causationId: null,
  schemaVersion: 1,
});

const twenty = { id: 'a1', name: 'Movement breaks every 20 minutes', category: 'Behavior', description: null };
const quiet = { id: 'a2', name: 'Quiet space', category: 'Environment', description: null };
const dates = { startDate: '2025-09-01', reviewDate: '2026-09-01', meetingDate: null, caseManager: 'Ms. Rivera' };
const teachers = [{ userId: 'co', role: 'co-teacher' }];
const history = [
  at({ type: 'PlanCreated', data: { planId: 'p1', studentId: 's1', ...dates, status: 'active' } }, '2025-08-30T10:00:00.000Z'),
  at({ type: 'PlanFinalised', data: { planId: 'p1', studentId: 's1', version: 1, effectiveDate: '2025-09-01', content: { ...dates, accommodations: [twenty] }, teachers } }, '2025-09-01T10:00:00.000Z'),
  at({ type: 'PlanVersionAcknowledged', data: { planId: 'p1', studentId: 's1', version: 1, userId: 'co' } }, '2025-09-02T08:00:00.000Z', 'co'),
  at(
    {
      type: 'PlanAmended',
      data: { planId: 'p1', studentId: 's1', version: 2, reason: 'Calmer tests', effectiveDate: '2025-10-15', content: { ...dates, reviewDate: '2026-06-01', accommodations: [quiet] }, teachers },
    },
    '2025-10-01T10:00:00.000Z',
  ),
];

describe('plan versions', () => {
  it('lists each version with what it changed from the one before', () => {
    const [first, second] = planVersionsOf(history);
    expect(first).toMatchObject({ version: 1, kind: 'finalised', reason: null, changes: { added: [twenty], removed: [], fields: [] } });
    expect(second).toMatchObject({
      version: 2,
      kind: 'amended',
      reason: 'Calmer tests',
      changes: { added: [quiet], removed: [twenty], fields: [{ field: 'reviewDate', before: '2026-09-01', after: '2026-06-01' }] },
    });
  });

  it('picks the version in force on a day by its effective date, not when it was made', () => {
    expect(versionInForce(history, '2025-08-31')).toBeNull();
    expect(versionInForce(history, '2025-09-01')?.version).toBe(1);
    expect(versionInForce(history, '2025-10-14')?.version).toBe(1);
    expect(versionInForce(history, '2025-10-15')?.version).toBe(2);
  });

  it('keeps when each acknowledgement was made, and no acknowledgement is a revision of the plan', () => {
    expect(acknowledgementTimes(history).get('1:co')).toBe('2025-09-02T08:00:00.000Z');
    expect(planRevisions(history).map((entry) => entry.revision)).toEqual([0, 1, 3]);
    expect(planRevisions(history).at(-1)?.plan).toMatchObject({ version: 2, reviewDate: '2026-06-01' });
  });
});
