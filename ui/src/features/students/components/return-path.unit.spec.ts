import { describe, expect, it } from 'vitest';
import { returnPathOf, studentPageState } from './return-path.ts';

describe('where saving Manage Accommodations lands', () => {
  it('returns to the student’s page when the person came from it', () => {
    expect(returnPathOf(studentPageState('s-1'))).toBe('/students/s-1');
  });
  it('returns to the Students list otherwise, and never anywhere else', () => {
    expect(returnPathOf(null)).toBe('/students');
    expect(returnPathOf({ returnTo: 'https://evil.example/' })).toBe('/students');
    expect(returnPathOf({ returnTo: '/students/s-1/../../settings' })).toBe('/students');
  });
});
