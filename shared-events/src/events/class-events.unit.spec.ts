import { describe, expect, it } from 'vitest';
import { decodeEvent } from './registry.ts';

describe('ClassCreated', () => {
  it('reads a class created before terms were kept as one with neither date', () => {
    const v1 = { classId: 'c1', ownerId: 'olga', schoolId: null, name: 'Period 3 Algebra I', period: '3', subject: null, room: null };
    expect(decodeEvent('ClassCreated.v1', v1)).toEqual({ type: 'ClassCreated', data: { ...v1, termStart: null, termEnd: null }, schemaVersion: 2 });
  });
});
