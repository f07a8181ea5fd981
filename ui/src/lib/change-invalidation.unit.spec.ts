import { describe, expect, it } from 'vitest';
import type { QueryKey } from '@tanstack/react-query';
import { createQueryClient } from './query-client.ts';
import { queryKeys } from './query-keys.ts';
import { applyChange } from './socket-provider.tsx';

const cachedKeys: QueryKey[] = [
  queryKeys.currentUser(),
  queryKeys.students(),
  queryKeys.student('s1'),
  queryKeys.studentAccommodations('s1'),
  queryKeys.studentDocuments('s1'),
  queryKeys.studentShares('s1'),
  queryKeys.student('s2'),
  queryKeys.studentShares('s2'),
  queryKeys.studentDocuments('s2'),
  queryKeys.allStudentAccommodations(),
  queryKeys.accommodationLibrary(),
  queryKeys.plans(),
  queryKeys.plan('p1'),
  queryKeys.plan('p2'),
  queryKeys.subPlan(),
];

/** Which cached screens would refetch after this poke. */
function staleAfter(change: unknown): string[] {
  const client = createQueryClient();
  for (const key of cachedKeys) client.setQueryData(key, { cached: true });
  applyChange(client, change);
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.isInvalidated)
    .map((query) => query.queryKey.join('/'))
    .sort();
}

describe('socket change pokes', () => {
  it('a student change refreshes the list and that student only, not other students', () => {
    expect(staleAfter({ entity: 'student', id: 's1', actorId: 'u1' })).toEqual([
      '/api/students',
      '/api/students/accommodations/all',
      '/api/students/s1',
      '/api/students/s1/accommodations',
      '/api/students/s1/documents',
      '/api/students/s1/shares',
      '/api/sub-plan',
    ]);
  });

  it('a share change refreshes the list, that student with its shares, plans and the sub plan, not other students', () => {
    expect(staleAfter({ entity: 'share', id: 'share-9', studentId: 's1', actorId: 'u1' })).toEqual([
      '/api/plans',
      '/api/students',
      '/api/students/accommodations/all',
      '/api/students/s1',
      '/api/students/s1/accommodations',
      '/api/students/s1/documents',
      '/api/students/s1/shares',
      '/api/sub-plan',
    ]);
  });

  it('an accommodation change refreshes the library and the all-accommodations map', () => {
    expect(staleAfter({ entity: 'accommodation', id: 'a1', actorId: 'u1' })).toEqual([
      '/api/accommodations/defaults',
      '/api/students/accommodations/all',
      '/api/sub-plan',
    ]);
  });

  it('a plan change refreshes the plan list, that plan and the sub plan’s review dates', () => {
    expect(staleAfter({ entity: 'plan', id: 'p1', studentId: 's1', actorId: 'u1' })).toEqual([
      '/api/plans',
      '/api/plans/p1',
      '/api/sub-plan',
    ]);
  });

  it('a document change refreshes only that student’s documents', () => {
    expect(staleAfter({ entity: 'document', id: 'd1', studentId: 's2', actorId: 'u1' })).toEqual(['/api/students/s2/documents']);
  });

  it('a user change refreshes the current user', () => {
    expect(staleAfter({ entity: 'user', id: 'u1', actorId: 'u1' })).toEqual(['/api/auth/user']);
  });

  it('a district change refreshes the districts and their dashboards (issue 23), not the caseload', () => {
    const client = createQueryClient();
    const dashboard = ['/api/districts', 'd1', 'dashboard'];
    for (const key of [dashboard, queryKeys.students()]) client.setQueryData(key, { cached: true });
    applyChange(client, { entity: 'district', id: 'd1', actorId: 'u1' });
    expect([dashboard, queryKeys.students()].map((key) => client.getQueryState(key)?.isInvalidated)).toEqual([true, false]);
  });

  it('a district erasure’s poke refreshes that erasure’s progress only, not the district it is erasing (issue 23)', () => {
    const client = createQueryClient();
    const keys = [queryKeys.districtErasure('d1'), queryKeys.districtErasure('d2'), queryKeys.districts()];
    for (const key of keys) client.setQueryData(key, { cached: true });
    applyChange(client, { entity: 'districtErasure', id: 'd1', actorId: 'u1' });
    expect(keys.map((key) => client.getQueryState(key)?.isInvalidated)).toEqual([true, false, false]);
  });

  it('a retention poke refreshes that district’s due list and rule, not another district’s nor the district list (issue 23)', () => {
    const client = createQueryClient();
    const keys = [[...queryKeys.districtRetention('d1'), 'due'], queryKeys.districtRetention('d1'), [...queryKeys.districtRetention('d2'), 'due'], queryKeys.districts()];
    for (const key of keys) client.setQueryData(key, { cached: true });
    applyChange(client, { entity: 'retention', id: 'd1', actorId: 'u1' });
    expect(keys.map((key) => client.getQueryState(key)?.isInvalidated)).toEqual([true, true, false, false]);
  });

  it('ignores a malformed poke instead of refetching everything', () => {
    expect(staleAfter({ entity: 'nonsense' })).toEqual([]);
  });

  it('a student, class or plan change refreshes the usage view and comparisons on screen, whatever their filter', () => {
    const client = createQueryClient();
    const usage = queryKeys.accommodationUsage({ classId: 'c1', grade: '4' });
    const comparison = queryKeys.studentComparison(['s1', 's2']);
    const staleOf = (change: unknown) => {
      for (const key of [usage, comparison]) client.setQueryData(key, { cached: true });
      applyChange(client, change);
      return [usage, comparison].map((key) => client.getQueryState(key)?.isInvalidated);
    };
    expect(staleOf({ entity: 'student', id: 's9', actorId: 'u1' })).toEqual([true, true]);
    expect(staleOf({ entity: 'class', id: 'c1', actorId: 'u1' })).toEqual([true, true]);
    expect(staleOf({ entity: 'plan', id: 'p1', studentId: 's1', actorId: 'u1' })).toEqual([false, true]);
  });

  it('a school’s students on screen refresh when one of them changes, and the staff lists when a school changes (issue 23)', () => {
    const client = createQueryClient();
    const schoolStudents = queryKeys.schoolStudents('sc1');
    const staff = queryKeys.schoolStaff('sc1');
    const staleOf = (change: unknown) => {
      for (const key of [schoolStudents, staff]) client.setQueryData(key, { cached: true });
      applyChange(client, change);
      return [schoolStudents, staff].map((key) => client.getQueryState(key)?.isInvalidated);
    };
    expect(staleOf({ entity: 'student', id: 's9', actorId: 'u1' })).toEqual([true, false]);
    expect(staleOf({ entity: 'school', id: 'sc1', actorId: 'u1' })).toEqual([true, true]);
  });

  it('an implementation log change refreshes that student’s log and every day view that may list them, not the student or other logs (issue 27)', () => {
    const client = createQueryClient();
    const keys = [
      ['/api/students', 's1', 'implementation-log'],
      ['/api/classes', 'c1', 'implementation-log', '2026-11-25'],
      ['/api/implementation-log/caseload', '2026-11-25'],
      ['/api/implementation-log/coverage'],
      ['/api/students', 's2', 'implementation-log'],
      queryKeys.student('s1'),
      queryKeys.students(),
    ];
    for (const key of keys) client.setQueryData(key, { cached: true });
    applyChange(client, { entity: 'implementation-log', id: 's1', studentId: 's1', actorId: 'u1' });
    expect(keys.map((key) => client.getQueryState(key)?.isInvalidated)).toEqual([true, true, true, true, false, false, false]);
  });

  it('a school’s plans not acknowledged and days logged refresh on an acknowledgement, a day logged or a district’s figures moving, not on a share', () => {
    const client = createQueryClient();
    const key = queryKeys.schoolFollowThrough('sc1');
    const staleOn = (change: unknown) => {
      client.setQueryData(key, { cached: true });
      applyChange(client, change);
      return client.getQueryState(key)?.isInvalidated;
    };
    expect(staleOn({ entity: 'plan', id: 'p1', actorId: 'u1' })).toBe(true);
    expect(staleOn({ entity: 'implementation-log', id: 's1', studentId: 's1', actorId: 'u1' })).toBe(true);
    expect(staleOn({ entity: 'district', id: 'd1', actorId: 'u1' })).toBe(true);
    expect(staleOn({ entity: 'share', id: 'sh1', studentId: 's1', actorId: 'u1' })).toBe(false);
  });
});
