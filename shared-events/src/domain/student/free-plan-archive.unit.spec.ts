import { describe, expect, it } from 'vitest';
import { followPlan, studentsToArchive } from './free-plan-archive.ts';

describe('which students Premium’s end archives', () => {
  it('keeps the 3 added first, whatever order they are listed in, and archives the rest', () => {
    const students = [
      { id: 'e', createdAt: '2026-05-05T00:00:00Z' },
      { id: 'a', createdAt: '2026-05-01T00:00:00Z' },
      { id: 'd', createdAt: '2026-05-04T00:00:00Z' },
      { id: 'c', createdAt: '2026-05-03T00:00:00Z' },
      { id: 'b', createdAt: '2026-05-02T00:00:00Z' },
    ];
    expect(studentsToArchive(students).sort()).toEqual(['d', 'e']);
  });

  it('archives nothing within the free limit', () => {
    expect(studentsToArchive([{ id: 'a', createdAt: '2026-05-01T00:00:00Z' }])).toEqual([]);
  });

  it('leaves a school’s students alone: they are the district’s, not counted against the teacher’s plan (issue 23)', () => {
    const day = (n: number) => `2026-05-0${n}T00:00:00Z`;
    const owned = [
      { id: 'school-1', createdAt: day(1), schoolId: 'north' },
      { id: 'school-2', createdAt: day(2), schoolId: 'north' },
      { id: 'a', createdAt: day(3) },
      { id: 'b', createdAt: day(4) },
      { id: 'c', createdAt: day(5) },
      { id: 'd', createdAt: day(6) },
      { id: 'old', createdAt: day(7), archived: true },
    ];
    expect(followPlan(false, owned)).toEqual({ type: 'ArchiveStudent', studentIds: ['d'] });
    expect(followPlan(true, owned)).toEqual({ type: 'RestoreStudent', studentIds: ['old'] });
  });
});
