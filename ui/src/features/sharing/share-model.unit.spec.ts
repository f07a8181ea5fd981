import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { shareFormSchema } from './share-model.ts';

describe('the share form', () => {
  const tomorrow = dayjs().add(1, 'day').format('YYYY-MM-DD');

  it('normalises the e-mail and keeps a substitute’s expiry', () => {
    expect(shareFormSchema.parse({ email: ' Sub@School.EDU ', role: 'substitute', expiresAt: tomorrow })).toEqual({
      email: 'sub@school.edu',
      role: 'substitute',
      expiresAt: tomorrow,
    });
  });

  it('drops an expiry for roles that last until revoked', () => {
    expect(shareFormSchema.parse({ email: 'co@school.edu', role: 'co-teacher', expiresAt: tomorrow }).expiresAt).toBeNull();
  });

  it('refuses a bad e-mail and an expiry in the past, on the fields the user must fix', () => {
    const result = shareFormSchema.safeParse({ email: 'nope', role: 'substitute', expiresAt: '2000-01-01' });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toContain('email');
    const past = shareFormSchema.safeParse({ email: 'a@b.edu', role: 'substitute', expiresAt: '2000-01-01' });
    expect(past.error?.issues[0]).toMatchObject({ path: ['expiresAt'], message: 'Choose today or a later date' });
  });
});
