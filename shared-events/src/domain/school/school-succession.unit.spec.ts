import { describe, expect, it } from 'vitest';
import type { StaffMemberState } from './school.ts';
import type { SchoolEvent } from '../../events/district-events.ts';
import { departedAccount, schoolSuccessor } from './school-succession.ts';

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

describe('the account of a staff member who left (issue 25: the roster import hands over after its removal)', () => {
  const created: SchoolEvent = { type: 'SchoolCreated', data: { schoolId: 's1', districtId: 'd1', name: 'Lincoln Elementary' } };
  const invited = (granteeUserId: string | null): SchoolEvent => ({
    type: 'StaffInvited',
    data: { schoolId: 's1', staffId: 'st1', email: 'tom@school.test', role: 'teacher', granteeUserId, invitedBy: 'dana' },
  });
  const removed: SchoolEvent = { type: 'StaffRemoved', data: { schoolId: 's1', staffId: 'st1' } };

  it('is the account they had when removed', () => {
    expect(departedAccount([created, invited(null), { type: 'StaffActivated', data: { schoolId: 's1', staffId: 'st1', granteeUserId: 'tom' } }, removed], 'st1')).toBe('tom');
  });

  it('is nobody while they are on the staff, again after a new invitation, or when no account had proved the address', () => {
    expect(departedAccount([created, invited('tom')], 'st1')).toBeNull();
    expect(departedAccount([created, invited('tom'), removed, invited('tom')], 'st1')).toBeNull();
    expect(departedAccount([created, invited(null), removed], 'st1')).toBeNull();
    expect(departedAccount([created, invited('tom'), removed], 'other')).toBeNull();
  });
});
