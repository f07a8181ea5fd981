import { describe, expect, it } from 'vitest';
import type { StudentRoleEntry } from '../access/role-rules.ts';
import { onOwnCaseload } from './own-caseload.ts';

const now = new Date('2026-11-25T12:00:00Z');
const reachedAs = (role: StudentRoleEntry['role'], expiresAt: string | null = null) => ({
  viewerIds: ['me'],
  roles: { me: { role, expiresAt, sharedById: role === 'owner' ? null : 'someone' } },
});

describe('a teacher’s own caseload for the day view', () => {
  it('given the students they own, co-teach, substitute for or case-manage, then each is on it', () => {
    for (const role of ['owner', 'co-teacher', 'substitute', 'case-manager'] as const) expect(onOwnCaseload(reachedAs(role), 'me', now)).toBe(true);
  });

  it('given a student reached only through a class, then it is in the class’s day view instead', () => {
    expect(onOwnCaseload(reachedAs('class-teacher'), 'me', now)).toBe(false);
  });

  it('given a school’s oversight or an auditor’s share, who do not log days, then it is not on it', () => {
    for (const role of ['coordinator', 'school-admin', 'district-admin', 'auditor'] as const) expect(onOwnCaseload(reachedAs(role), 'me', now)).toBe(false);
  });

  it('given a substitute’s share that has ended, or an archived student, then it is not on it', () => {
    expect(onOwnCaseload(reachedAs('substitute', '2026-11-24'), 'me', now)).toBe(false);
    expect(onOwnCaseload({ ...reachedAs('owner'), archived: true }, 'me', now)).toBe(false);
  });
});
