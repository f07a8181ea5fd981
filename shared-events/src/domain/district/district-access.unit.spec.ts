import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../errors.ts';
import { administers, authorizeDistrict } from './district-access.ts';

describe('who reaches a district (issue 23)', () => {
  const lakeside = { id: 'd1', adminIds: ['dana', 'dev'] };

  it('lets its admins in', () => {
    expect(() => authorizeDistrict(lakeside, 'dev')).not.toThrow();
    expect(administers(lakeside, 'dana')).toBe(true);
  });

  it('answers anyone else, and a district that does not exist, alike: not found', () => {
    expect(() => authorizeDistrict(lakeside, 'cora')).toThrow(NotFoundError);
    expect(() => authorizeDistrict(null, 'dana')).toThrow(NotFoundError);
    expect(administers(lakeside, 'cora')).toBe(false);
    expect(administers(null, 'dana')).toBe(false);
  });
});
