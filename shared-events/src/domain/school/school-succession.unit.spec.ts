import { describe, expect, it } from 'vitest';
import type { StaffMemberState } from './school.ts';
import { schoolSuccessor } from './school-succession.ts';

const member = (granteeUserId: string | null, role: StaffMemberState['role']): StaffMemberState => ({
  staffId: `staff-${granteeUserId ?? 'pending'}-${role}`,
  email: `${granteeUserId ?? 'pending'}@school.test`,
  role,
  granteeUserId,
});
const schoolOf = (...members: StaffMemberState[]) => ({ staff: Object.fromEntries(members.map((each) => [each.staffId, each])) });

describe('who takes a school’s student over from someone leaving (issue 23)', () => {
  const school = schoolOf(member('tom', 'teacher'), member('tess', 'teacher'), member(null, 'coordinator'), member('ada', 'admin'), member('cora', 'coordinator'));

  it('is the case manager while they are on the staff, and never the person leaving', () => {
    expect(schoolSuccessor(school, ['dana'], 'tess', 'tom')).toBe('tess');
    expect(schoolSuccessor(school, ['dana'], 'tess', 'tess')).toBe('cora');
    expect(schoolSuccessor(school, ['dana'], 'gone', 'tom')).toBe('cora');
  });

  it('is else a coordinator (a pending invitation is nobody yet), then an administrator, then a district admin', () => {
    expect(schoolSuccessor(school, ['dana'], null, 'tom')).toBe('cora');
    expect(schoolSuccessor(schoolOf(member('tom', 'teacher'), member('ada', 'admin')), ['dana'], null, 'tom')).toBe('ada');
    expect(schoolSuccessor(schoolOf(member('tom', 'teacher')), ['tom', 'dana'], null, 'tom')).toBe('dana');
    expect(schoolSuccessor(schoolOf(member('tom', 'teacher')), ['tom'], null, 'tom')).toBeNull();
  });
});
