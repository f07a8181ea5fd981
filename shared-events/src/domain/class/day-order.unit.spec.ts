import { describe, expect, it } from 'vitest';
import { inDayOrder } from './day-order.ts';

const schoolClass = (id: string, name: string, period: string | null, status: 'active' | 'archived' = 'active') => ({ id, name, period, status });

describe('classes in day order', () => {
  it('lists active classes first, then by period as numbers, then by name and id; a class without a period last', () => {
    const classes = [
      schoolClass('c1', 'Art', null),
      schoolClass('c2', 'Biology', '10'),
      schoolClass('c3', 'Algebra', '2'),
      schoolClass('c4', 'Chemistry', '2'),
      schoolClass('c5', 'Drama', '1', 'archived'),
      schoolClass('c0', 'Chemistry', '2'),
    ];
    expect([...classes].sort(inDayOrder).map((c) => c.id)).toEqual(['c3', 'c0', 'c4', 'c2', 'c1', 'c5']);
  });
});
