import { describe, expect, it } from 'vitest';
import { accountDeletionSummary } from './account-deletion.ts';

describe('the account deletion summary', () => {
  it('says how many students pass to co-teachers and how many are erased', () => {
    expect(accountDeletionSummary({ transferred: 3, erased: 2 })).toBe('3 students will pass to their co-teachers; 2 will be erased.');
    expect(accountDeletionSummary({ transferred: 1, erased: 0 })).toBe('1 student will pass to their co-teacher.');
    expect(accountDeletionSummary({ transferred: 0, erased: 1 })).toBe('1 student will be erased.');
    expect(accountDeletionSummary({ transferred: 0, erased: 0 })).toBe('You own no students.');
  });
});
