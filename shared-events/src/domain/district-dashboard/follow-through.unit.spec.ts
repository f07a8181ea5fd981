import { describe, expect, it } from 'vitest';
import { followThroughFigures, studentFollowThrough, type FollowedPlan } from './follow-through.ts';

// 2026-11-02 is a Monday.
const final = (over: Partial<FollowedPlan> = {}): FollowedPlan => ({ startDate: '2026-11-02', status: 'active', version: 1, versionSince: '2026-10-30T15:00:00.000Z', awaiting: [], ...over });

describe('a school’s follow-through of its plans', () => {
  it('given a draft or a closed plan only, then the student asks nothing of anyone', () => {
    expect(studentFollowThrough({ p: final({ version: 0 }) }, '2026-09-01', [])).toBeNull();
    expect(studentFollowThrough({ p: final({ status: 'closed' }) }, '2026-09-01', [])).toBeNull();
  });

  it('given a final plan two teachers have not acknowledged, then it is listed with them and since its version was made', () => {
    const part = studentFollowThrough({ p: final({ awaiting: ['tom', 'ann'] }) }, '2026-09-01', []);
    expect(part?.unacknowledged).toEqual([{ planId: 'p', version: 1, since: '2026-10-30T15:00:00.000Z', awaiting: ['tom', 'ann'] }]);
  });

  it('given a student imported after the plan started, then only the days since the import are counted, weekends left out', () => {
    // Imported Thursday the 5th; logged the 5th, Saturday the 7th and Monday the 9th; read on Tuesday the 10th.
    const part = studentFollowThrough({ p: final() }, '2026-11-05', ['2026-11-03', '2026-11-05', '2026-11-07', '2026-11-09']);
    expect(part?.coverage).toEqual({ since: '2026-11-05', loggedDays: 2 });
    expect(followThroughFigures(part ? [part] : [], '2026-11-10', new Set())).toMatchObject({ plansInForce: 1, schoolDays: 4, loggedDays: 2 });
  });

  it('given the district’s days off, then they are not school days, and a day logged on one never counts above them', () => {
    const part = studentFollowThrough({ p: final() }, '2026-09-01', ['2026-11-02', '2026-11-03', '2026-11-04']);
    const figures = followThroughFigures(part ? [part] : [], '2026-11-04', new Set(['2026-11-03', '2026-11-04']));
    expect(figures).toMatchObject({ schoolDays: 1, loggedDays: 1 });
  });

  it('adds students up: the plans not acknowledged, the oldest of them, and the school days to log and logged', () => {
    const a = studentFollowThrough({ p: final({ awaiting: ['tom'], versionSince: '2026-11-01T10:00:00.000Z' }) }, '2026-09-01', ['2026-11-02']);
    const b = studentFollowThrough({ q: final({ awaiting: ['ann'], versionSince: '2026-10-20T10:00:00.000Z' }) }, '2026-09-01', []);
    const c = studentFollowThrough({ r: final() }, '2026-09-01', ['2026-11-02', '2026-11-03']);
    const figures = followThroughFigures([a, b, c].flatMap((part) => (part ? [part] : [])), '2026-11-03', new Set());
    expect(figures).toEqual({ unacknowledgedPlans: 2, oldestUnacknowledgedSince: '2026-10-20T10:00:00.000Z', plansInForce: 3, schoolDays: 6, loggedDays: 3 });
  });
});
