import { describe, expect, it } from 'vitest';
import { coverageOf, type CoverageInput } from './coverage.ts';

// 2026-11-02 is a Monday.
const base: CoverageInput = { planStart: '2026-11-02', onRecordSince: '2026-10-01', today: '2026-11-06', nonSchoolDays: new Set(), logged: new Set() };

describe('a student’s coverage of school days logged', () => {
  it('given a plan in force for a week with three days logged, then 3 of 5 school days', () => {
    expect(coverageOf({ ...base, logged: new Set(['2026-11-02', '2026-11-03', '2026-11-05']) })).toEqual({ since: '2026-11-02', schoolDays: 5, loggedDays: 3 });
  });

  it('given a student imported after the plan started, then the days before the import are not counted', () => {
    // The plan started on the 2nd, the student came onto the record on Thursday the 5th: 2 school days, both logged.
    expect(coverageOf({ ...base, onRecordSince: '2026-11-05', logged: new Set(['2026-11-05', '2026-11-06']) })).toEqual({ since: '2026-11-05', schoolDays: 2, loggedDays: 2 });
  });

  it('given a span over a weekend, then Saturday and Sunday are not school days, even when logged', () => {
    expect(coverageOf({ ...base, today: '2026-11-09', logged: new Set(['2026-11-07', '2026-11-08', '2026-11-09']) })).toEqual({ since: '2026-11-02', schoolDays: 6, loggedDays: 1 });
  });

  it('given the district’s days off, then they are not school days', () => {
    expect(coverageOf({ ...base, nonSchoolDays: new Set(['2026-11-05', '2026-11-06']), logged: new Set(['2026-11-02']) })).toEqual({ since: '2026-11-02', schoolDays: 3, loggedDays: 1 });
  });

  it('given no plan, or a plan that starts later, then no school day is counted', () => {
    expect(coverageOf({ ...base, planStart: null })).toEqual({ since: null, schoolDays: 0, loggedDays: 0 });
    expect(coverageOf({ ...base, planStart: '2026-11-10' })).toEqual({ since: '2026-11-10', schoolDays: 0, loggedDays: 0 });
  });
});
