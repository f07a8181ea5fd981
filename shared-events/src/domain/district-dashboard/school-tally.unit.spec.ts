import { describe, expect, it } from 'vitest';
import { districtDashboard, emptyTally, nextReviewOf, retallyPlans, reviewCounts, tallyStudent, topAccommodations } from './school-tally.ts';

const plan = (status: string, reviewDate: string) => ({ status, reviewDate });

describe('a school’s tally (district dashboard, issue 23)', () => {
  it('counts a student’s next review from its plans that are not closed', () => {
    expect(nextReviewOf({ p1: plan('active', '2026-12-01'), p2: plan('closed', '2025-01-01'), p3: plan('draft', '2026-11-30') })).toBe('2026-11-30');
    expect(nextReviewOf({ p1: plan('closed', '2025-01-01') })).toBeNull();
  });

  it('adds and takes away what a student counts for, leaving nothing behind', () => {
    const tally = emptyTally();
    const ana = { accommodationIds: ['ext', 'brk'], plans: { p1: plan('active', '2026-12-01') } };
    const ben = { accommodationIds: [], plans: { p2: plan('draft', '2026-12-01') } };
    tallyStudent(tally, ana, 1);
    tallyStudent(tally, ben, 1);
    expect(tally).toEqual({ students: 2, withActivePlan: 1, withoutAccommodation: 1, reviewDates: { '2026-12-01': 2 }, accommodations: { ext: 1, brk: 1 } });
    tallyStudent(tally, ana, -1);
    tallyStudent(tally, ben, -1);
    expect(tally).toEqual(emptyTally());
  });

  it('moves the tally by what a plan change makes of the student, and says when nothing moved', () => {
    const draft = { p1: plan('draft', '2026-12-01') };
    const tally = tallyStudent(emptyTally(), { accommodationIds: ['ext'], plans: draft }, 1);
    const active = { p1: plan('active', '2027-01-15') };
    expect(retallyPlans(tally, draft, active)).toBe(true);
    expect(tally).toEqual(tallyStudent(emptyTally(), { accommodationIds: ['ext'], plans: active }, 1));
    // A meeting date or a case manager moves nothing.
    expect(retallyPlans(tally, active, { p1: plan('active', '2027-01-15') })).toBe(false);
  });

  it('calls a review before today overdue, and today up to 30 days on due, as the review-due colours do', () => {
    const dates = { '2026-11-25': 1, '2026-11-26': 2, '2026-12-26': 3, '2026-12-27': 4 };
    expect(reviewCounts(dates, '2026-11-26')).toEqual({ overdueReviews: 1, reviewsDueWithin30Days: 5 });
    // The next day, the same tally: the day moves, the counts follow.
    expect(reviewCounts(dates, '2026-11-27')).toEqual({ overdueReviews: 3, reviewsDueWithin30Days: 7 });
  });

  it('names the ten most used accommodations, one name counting once across libraries, removed ones left out', () => {
    const counts = { a: 5, b: 3, c: 4, gone: 9, ...Object.fromEntries(Array.from({ length: 12 }, (_, n) => [`x${n}`, 1])) };
    const names = new Map([['a', 'Extended Time'], ['b', 'extended time'], ['c', 'Breaks'], ...Array.from({ length: 12 }, (_, n) => [`x${n}`, `Other ${n}`] as [string, string])]);
    const top = topAccommodations(counts, names);
    expect(top.slice(0, 3)).toEqual([{ name: 'Extended Time', count: 8 }, { name: 'Breaks', count: 4 }, { name: 'Other 0', count: 1 }]);
    expect(top).toHaveLength(10);
  });

  it('adds the schools up into the district’s total, a person on two staffs counted once', () => {
    const north = tallyStudent(emptyTally(), { accommodationIds: ['a'], plans: { p: plan('active', '2026-11-01') } }, 1);
    const south = tallyStudent(emptyTally(), { accommodationIds: ['a'], plans: {} }, 1);
    const names = new Map([['a', 'Breaks']]);
    const dashboard = districtDashboard({ id: 'd', name: 'Lakeside' }, [
      { id: 's', name: 'South', staffIds: ['tom', 'cora'], tally: south, followThrough: {} },
      { id: 'n', name: 'North', staffIds: ['cora'], tally: north, followThrough: {} },
    ], names, '2026-11-26');
    expect(dashboard.schools.map((school) => [school.name, school.students, school.staff, school.overdueReviews])).toEqual([['North', 1, 1, 1], ['South', 1, 2, 0]]);
    expect(dashboard.total).toEqual({
      students: 2,
      studentsWithActivePlan: 1,
      reviewsDueWithin30Days: 0,
      overdueReviews: 1,
      studentsWithoutAccommodations: 0,
      staff: 2,
      topAccommodations: [{ name: 'Breaks', count: 2 }],
      unacknowledgedPlans: 0,
      oldestUnacknowledgedSince: null,
      plansInForce: 0,
      schoolDays: 0,
      loggedDays: 0,
    });
  });
});
