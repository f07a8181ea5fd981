import { describe, expect, it } from 'vitest';
import type { SubPlanEntry } from '../api/get-sub-plan.ts';
import type { SubPlanClass } from '../api/get-sub-plan-classes.ts';
import { classDetails, classHeading, orderSubPlan, orderSubPlanClasses, sharedByNames, sharedOutsideClasses } from './sub-plan-model.ts';

const entry = (name: string, by: string, accommodations: [string, string][]): SubPlanEntry => ({
  student: { id: name, name, grade: '3', status: 'active' },
  accommodations: accommodations.map(([accommodation, status]) => ({ id: accommodation, name: accommodation, category: null, status })),
  reviewDate: null,
  sharedBy: { id: by, name: by },
});

describe('the sub plan sheet', () => {
  it('lists students by name, each with active accommodations first', () => {
    const ordered = orderSubPlan([
      entry('Zoe K.', 'Ms. Park', [['Breaks', 'active']]),
      entry('Ava S.', 'Mr. Lee', [['Small Group', 'paused'], ['Extended Time', 'active'], ['Breaks', 'active']]),
    ]);
    expect(ordered.map((e) => e.student.name)).toEqual(['Ava S.', 'Zoe K.']);
    expect(ordered[0]?.accommodations.map((a) => a.name)).toEqual(['Breaks', 'Extended Time', 'Small Group']);
  });

  it('names each sharing teacher once', () => {
    expect(sharedByNames([entry('A', 'Mr. Lee', []), entry('B', 'Ms. Park', []), entry('C', 'Mr. Lee', [])])).toEqual(['Mr. Lee', 'Ms. Park']);
  });
});

const period = (name: string, students: string[], details: Partial<SubPlanClass['class']> = {}): SubPlanClass => ({
  class: { id: name, name, period: null, subject: null, room: null, ...details },
  students: students.map((student) => ({
    student: { id: student, name: student, grade: '3', status: 'active' },
    accommodations: [
      { id: 'quiet', name: 'Quiet Space', category: null, status: 'active' },
      { id: 'breaks', name: 'Breaks', category: null, status: 'paused' },
      { id: 'extended', name: 'Extended Time', category: null, status: 'active' },
    ],
  })),
});

describe('the sub plan by class', () => {
  it('heads each class with its period and tells where and how many', () => {
    const algebra = period('Algebra I', ['Zoe K.', 'Ava S.'], { period: '3', subject: 'Math', room: '204' });
    expect(classHeading(algebra.class)).toBe('Period 3: Algebra I');
    expect(classDetails(algebra)).toBe('Math · Room 204 · 2 students');
    expect(classHeading(period('Homeroom', []).class)).toBe('Homeroom');
    expect(classDetails(period('Homeroom', ['Ava S.']))).toBe('1 student');
  });

  it('keeps the classes in the server’s period order, students by name, active accommodations first', () => {
    const ordered = orderSubPlanClasses([period('P1', ['Zoe K.', 'Ava S.']), period('P2', ['Ben T.'])]);
    expect(ordered.map((entry) => entry.class.name)).toEqual(['P1', 'P2']);
    expect(ordered[0]?.students.map((row) => row.student.name)).toEqual(['Ava S.', 'Zoe K.']);
    expect(ordered[0]?.students[0]?.accommodations.map((a) => a.name)).toEqual(['Extended Time', 'Quiet Space', 'Breaks']);
  });

  it('lists a student shared as a substitute apart only when no class of mine already does', () => {
    const shared = [entry('Ava S.', 'Ms. Park', []), entry('Cy L.', 'Ms. Park', [])];
    expect(sharedOutsideClasses(shared, [period('P1', ['Ava S.'])]).map((e) => e.student.name)).toEqual(['Cy L.']);
  });
});
