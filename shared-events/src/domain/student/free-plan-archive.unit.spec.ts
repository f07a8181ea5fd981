import { describe, expect, it } from 'vitest';
import { studentsToArchive } from './free-plan-archive.ts';

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
});
