import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { logGaps, reviewsDue } from './coordinator-agenda.ts';
import { todaysClasses } from './todays-classes.ts';

const today = dayjs('2026-11-28');
const students = [
  { id: 'ava', name: 'Ava S.' },
  { id: 'ben', name: 'Ben T.' },
  { id: 'cal', name: 'Cal U.' },
];
const plan = (id: string, studentId: string, reviewDate: string, status = 'active', version?: number) => ({ id, studentId, reviewDate, status, version });

describe('the coordinator’s home', () => {
  it('lists reviews overdue or due within 30 days, earliest first; not later ones, closed plans, or other schools’ students', () => {
    const plans = [plan('p1', 'ava', '2026-12-20'), plan('p2', 'ben', '2026-11-01'), plan('p3', 'cal', '2027-03-01'), plan('p4', 'cal', '2026-11-02', 'closed'), plan('p5', 'zoe', '2026-11-30')];
    expect(reviewsDue(students, plans, today).map((item) => [item.name, item.reviewDate])).toEqual([
      ['Ben T.', '2026-11-01'],
      ['Ava S.', '2026-12-20'],
    ]);
  });

  it('lists the students with unlogged school days, thinnest record first, and not those fully logged or not yet started', () => {
    const coverage = [
      { studentId: 'ava', schoolDays: 10, loggedDays: 9 },
      { studentId: 'ben', schoolDays: 10, loggedDays: 2 },
      { studentId: 'cal', schoolDays: 10, loggedDays: 10 },
      { studentId: 'zoe', schoolDays: 0, loggedDays: 0 },
    ];
    expect(logGaps(students, coverage).map((item) => item.name)).toEqual(['Ben T.', 'Ava S.']);
  });
});

describe('the teacher’s home: today’s classes', () => {
  it('keeps active classes whose term, where known, includes today', () => {
    const classes = [
      { id: 'open', status: 'active', termStart: null, termEnd: null },
      { id: 'term', status: 'active', termStart: '2026-08-24', termEnd: '2027-01-15' },
      { id: 'ended', status: 'active', termStart: '2026-01-05', termEnd: '2026-06-15' },
      { id: 'next', status: 'active', termStart: '2027-01-18', termEnd: null },
      { id: 'archived', status: 'archived', termStart: null, termEnd: null },
    ];
    expect(todaysClasses(classes, '2026-11-28').map((each) => each.id)).toEqual(['open', 'term']);
  });
});
