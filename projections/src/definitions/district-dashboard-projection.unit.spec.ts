import { beforeEach, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@accommodate/shared-events/events/envelope';
import type { DomainEvent } from '@accommodate/shared-events/events/registry';
import { janeDetails } from '@accommodate/shared-events/testing/student-fixtures';
import { envelope, MemoryContext, revisions } from '../testing/memory-projection-context.ts';
import { DASHBOARD_SCHOOLS, type DashboardSchoolDoc } from '../queries/district-dashboard-schema.ts';
import { districtDashboardProjection } from './district-dashboard-projection.ts';

async function run(context: MemoryContext, ...envelopes: EventEnvelope[]) {
  for (const each of envelopes) await districtDashboardProjection.apply(each, context);
}
const on = (stream: string, event: DomainEvent) => envelope(stream, event, 'dana');
const student = (id: string, event: DomainEvent) => on(`student-${id}`, event);
const added = (id: string, schoolId: string | null) => student(id, { type: 'StudentAdded', data: { studentId: id, ownerId: 'tom', ...janeDetails, schoolId } });
const accommodations = (id: string, added: string[], removed: string[] = []) => student(id, { type: 'StudentAccommodationsChanged', data: { studentId: id, added, removed } });
const moved = (id: string, fromSchoolId: string | null, toSchoolId: string) => student(id, { type: 'StudentSchoolChanged', data: { studentId: id, fromSchoolId, toSchoolId, changedBy: 'dana' } });
const planCreated = (planId: string, studentId: string, status: string, reviewDate: string) =>
  on(`plan-${planId}`, { type: 'PlanCreated', data: { planId, studentId, startDate: '2025-09-01', reviewDate, status, meetingDate: null, caseManager: 'Ms. Case' } });
const planUpdated = (planId: string, studentId: string, changes: { status?: string; reviewDate?: string }) => on(`plan-${planId}`, { type: 'PlanUpdated', data: { planId, studentId, changes } });
const finalised = (planId: string, studentId: string, teachers: string[]) =>
  on(`plan-${planId}`, {
    type: 'PlanFinalised',
    data: {
      planId,
      studentId,
      version: 1,
      effectiveDate: '2025-09-01',
      content: { startDate: '2025-09-01', reviewDate: '2026-09-01', meetingDate: null, caseManager: null, accommodations: [] },
      teachers: teachers.map((userId) => ({ userId, role: 'owner' })),
    },
  });
const acknowledged = (planId: string, studentId: string, userId: string) => on(`plan-${planId}`, { type: 'PlanVersionAcknowledged', data: { planId, studentId, version: 1, userId } });
const logged = (studentId: string, date: string) =>
  on(`implementation-${studentId}-${date.slice(0, 7)}`, { type: 'ImplementationLogged', data: { studentId, date, accommodationId: 'ext', outcome: 'provided', note: null } });
const library = (id: string, name: string) => on(`accommodation-${id}`, { type: 'AccommodationAdded', data: { accommodationId: id, name, category: null, description: null, appliesToTests: false, ownerId: null } });

/** Lakeside with North and South, Cora on North's staff, Pat still invited; two library entries. */
function lakeside(): EventEnvelope[] {
  return [
    on('district-d1', { type: 'DistrictCreated', data: { districtId: 'd1', name: 'Lakeside', createdBy: 'dana' } }),
    on('school-north', { type: 'SchoolCreated', data: { schoolId: 'north', districtId: 'd1', name: 'North' } }),
    on('school-south', { type: 'SchoolCreated', data: { schoolId: 'south', districtId: 'd1', name: 'South' } }),
    on('school-north', { type: 'StaffInvited', data: { schoolId: 'north', staffId: 'st1', email: 'cora@lakeside.test', role: 'coordinator', granteeUserId: 'cora', invitedBy: 'dana' } }),
    on('school-north', { type: 'StaffInvited', data: { schoolId: 'north', staffId: 'st2', email: 'pat@lakeside.test', role: 'teacher', granteeUserId: null, invitedBy: 'dana' } }),
    library('ext', 'Extended Time'),
    library('brk', 'Breaks'),
  ];
}
async function given(...envelopes: EventEnvelope[]) {
  const context = new MemoryContext();
  await run(context, ...lakeside(), ...envelopes);
  return context;
}
const tally = (context: MemoryContext, schoolId: string) => (context.collections.get(DASHBOARD_SCHOOLS)?.get(schoolId) as DashboardSchoolDoc).tally;
const followThrough = (context: MemoryContext, schoolId: string) => (context.collections.get(DASHBOARD_SCHOOLS)?.get(schoolId) as DashboardSchoolDoc).followThrough;
const EMPTY = { students: 0, withActivePlan: 0, withoutAccommodation: 0, reviewDates: {}, accommodations: {} };

describe('the district dashboard projection (issue 23)', () => {
  beforeEach(() => revisions.clear());
  it('counts a student added to a school, its accommodations and its plan, and the active staff', async () => {
    const context = await given();
    await run(context, added('s1', 'north'));
    expect(tally(context, 'north')).toEqual({ ...EMPTY, students: 1, withoutAccommodation: 1 });
    await run(context, accommodations('s1', ['ext', 'brk']), planCreated('p1', 's1', 'active', '2026-12-01'));
    expect(tally(context, 'north')).toEqual({ students: 1, withActivePlan: 1, withoutAccommodation: 0, reviewDates: { '2026-12-01': 1 }, accommodations: { ext: 1, brk: 1 } });
    expect((context.collections.get(DASHBOARD_SCHOOLS)?.get('north') as DashboardSchoolDoc).staffIds).toEqual(['cora']);
    // A student without a school counts nowhere.
    await run(context, added('s2', null), accommodations('s2', ['ext']));
    expect(tally(context, 'south')).toEqual(EMPTY);
  });

  it('moves a student’s counts with it to another school, and takes them away when it is deleted', async () => {
    const context = await given(added('s1', 'north'), accommodations('s1', ['ext']), planCreated('p1', 's1', 'active', '2026-12-01'));
    await run(context, moved('s1', 'north', 'south'));
    expect(tally(context, 'north')).toEqual(EMPTY);
    expect(tally(context, 'south')).toEqual({ students: 1, withActivePlan: 1, withoutAccommodation: 0, reviewDates: { '2026-12-01': 1 }, accommodations: { ext: 1 } });
    await run(context, student('s1', { type: 'StudentDeleted', data: { studentId: 's1' } }));
    expect(tally(context, 'south')).toEqual(EMPTY);
    // A plan written after the deletion has no student to count for.
    await run(context, planUpdated('p1', 's1', { status: 'closed' }));
    expect(tally(context, 'south')).toEqual(EMPTY);
  });

  it('counts a graduate no more: the school’s figures are of the students it has now', async () => {
    const context = await given(added('s1', 'north'), accommodations('s1', ['ext']), planCreated('p1', 's1', 'active', '2026-12-01'), added('s2', 'north'));
    await run(context, student('s1', { type: 'StudentGraduated', data: { studentId: 's1', schoolYear: '2026-2027' } }));
    expect(tally(context, 'north')).toEqual({ ...EMPTY, students: 1, withoutAccommodation: 1 });
    // What is written on the graduate's record afterwards does not bring it back.
    await run(context, accommodations('s1', ['ext', 'brk']), planUpdated('p1', 's1', { reviewDate: '2027-01-10' }));
    expect(tally(context, 'north')).toEqual({ ...EMPTY, students: 1, withoutAccommodation: 1 });
  });

  it('keeps nothing of an erased district: its schools go with it', async () => {
    const context = await given(added('s1', 'north'), student('s1', { type: 'StudentDeleted', data: { studentId: 's1' } }));
    await run(context, on('district-d1', { type: 'DistrictErased', data: { districtId: 'd1', erasedBy: 'dana', studentsErased: 1, schoolIds: ['north', 'south'] } }));
    expect([...(context.collections.get(DASHBOARD_SCHOOLS)?.keys() ?? [])]).toEqual([]);
  });

  it('follows accommodations taken off, and library entries removed', async () => {
    const context = await given(added('s1', 'north'), accommodations('s1', ['ext', 'brk']));
    await run(context, accommodations('s1', [], ['brk']));
    expect(tally(context, 'north')).toMatchObject({ withoutAccommodation: 0, accommodations: { ext: 1 } });
    await run(context, on('accommodation-ext', { type: 'AccommodationRemoved', data: { accommodationId: 'ext' } }));
    expect(tally(context, 'north')).toMatchObject({ withoutAccommodation: 1, accommodations: {} });
  });

  it('follows a plan’s status and review date', async () => {
    const context = await given(added('s1', 'north'), planCreated('p1', 's1', 'draft', '2026-12-01'), planCreated('p2', 's1', 'active', '2027-01-10'));
    expect(tally(context, 'north')).toMatchObject({ withActivePlan: 1, reviewDates: { '2026-12-01': 1 } });
    await run(context, planUpdated('p1', 's1', { status: 'closed' }));
    expect(tally(context, 'north')).toMatchObject({ withActivePlan: 1, reviewDates: { '2027-01-10': 1 } });
    await run(context, planUpdated('p2', 's1', { status: 'under-review', reviewDate: '2026-11-20' }));
    expect(tally(context, 'north')).toMatchObject({ withActivePlan: 0, reviewDates: { '2026-11-20': 1 } });
    // The year-end rollover schedules the review in the new year.
    await run(context, on('plan-p2', { type: 'PlanReviewScheduled', data: { planId: 'p2', studentId: 's1', reviewDate: '2027-11-20', schoolYear: '2027-2028' } }));
    expect(tally(context, 'north')).toMatchObject({ reviewDates: { '2027-11-20': 1 } });
  });

  it('tells the district’s admins, and nobody else, that the dashboard changed', async () => {
    const context = await given(added('s1', 'north'));
    context.changes.length = 0;
    await run(context, accommodations('s1', ['ext']));
    expect(context.changes.map((change) => [change.message.entity, change.message.id, change.audience])).toEqual([['district', 'd1', ['dana']]]);
  });

  it('builds from the log what it holds live, redelivered events included', async () => {
    const history = [
      ...lakeside(),
      added('s1', 'north'),
      accommodations('s1', ['ext', 'brk']),
      planCreated('p1', 's1', 'active', '2026-12-01'),
      added('s2', 'south'),
      planCreated('p2', 's2', 'draft', '2026-11-01'),
      moved('s1', 'north', 'south'),
      accommodations('s2', ['brk']),
      planUpdated('p2', 's2', { status: 'active', reviewDate: '2027-02-01' }),
      added('s3', 'north'),
      student('s3', { type: 'StudentDeleted', data: { studentId: 's3' } }),
    ];
    const live = new MemoryContext();
    // Live, every event is delivered twice, and a reconnect delivers the first half again.
    for (const each of history) await run(live, each, each);
    await run(live, ...history.slice(0, history.length / 2));
    const rebuilt = new MemoryContext();
    await run(rebuilt, ...history);
    expect(live.collections).toEqual(rebuilt.collections);
    expect(tally(rebuilt, 'south')).toMatchObject({ students: 2, withActivePlan: 2, accommodations: { ext: 1, brk: 2 } });
  });

  it('keeps per school the final plans a teacher has not acknowledged and the days logged, and moves them with the student', async () => {
    const context = await given(added('s1', 'north'), planCreated('p1', 's1', 'active', '2026-12-01'));
    // A draft asks nothing of anyone.
    expect(followThrough(context, 'north')).toEqual({});
    await run(context, finalised('p1', 's1', ['tom', 'ann']), acknowledged('p1', 's1', 'tom'), logged('s1', '2025-09-02'), logged('s1', '2025-09-02'), logged('s1', '2025-09-06'));
    const entry = followThrough(context, 'north').s1;
    expect(entry?.unacknowledged.map((plan) => [plan.planId, plan.awaiting])).toEqual([['p1', ['ann']]]);
    // Tuesday the 2nd counted once; Saturday the 6th is no school day.
    expect(entry?.coverage.loggedDays).toBe(1);
    await run(context, acknowledged('p1', 's1', 'ann'));
    expect(followThrough(context, 'north').s1?.unacknowledged).toEqual([]);
    await run(context, moved('s1', 'north', 'south'));
    expect(followThrough(context, 'north')).toEqual({});
    expect(followThrough(context, 'south').s1?.coverage.loggedDays).toBe(1);
  });
});
