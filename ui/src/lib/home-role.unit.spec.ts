import { describe, expect, it } from 'vitest';
import type { District, MySchool } from '@accommodate/shared-events/schemas/school';
import { accountTypeOf, homeRoleOf } from './home-role.ts';

const school = (role: MySchool['role'], id: string = role): MySchool => ({ id, name: `School ${id}`, districtId: 'd1', role });
const district: District = { id: 'd1', name: 'Lakeside USD' };

describe('homeRoleOf: the home that fits the person', () => {
  it('gives a teacher on their own the personal quick-start', () => {
    expect(homeRoleOf([], [])).toEqual({ kind: 'personal' });
  });
  it('gives a school’s teacher the teacher’s home', () => {
    expect(homeRoleOf([school('teacher')], [])).toMatchObject({ kind: 'school-teacher' });
  });
  it('gives a coordinator or school admin the coordinator’s home, with only the schools they manage', () => {
    const role = homeRoleOf([school('teacher', 'a'), school('coordinator', 'b'), school('admin', 'c')], []);
    expect(role).toEqual({ kind: 'coordinator', schools: [school('coordinator', 'b'), school('admin', 'c')] });
  });
  it('gives a district admin the district dashboard, even without a school yet', () => {
    expect(homeRoleOf([], [district])).toEqual({ kind: 'district-admin', districts: [district] });
    expect(homeRoleOf([school('district-admin'), school('coordinator')], [district])).toMatchObject({ kind: 'district-admin' });
  });
});

describe('accountTypeOf: no pricing words for a school’s staff', () => {
  it('says Free only to a teacher on their own', () => {
    expect(accountTypeOf(false, { kind: 'personal' })).toBe('Free');
    expect(accountTypeOf(false, homeRoleOf([school('teacher')], []))).toBe('School staff');
    expect(accountTypeOf(false, homeRoleOf([], [district]))).toBe('School staff');
  });
  it('says Premium to whoever pays, and nothing while the role loads', () => {
    expect(accountTypeOf(true, homeRoleOf([school('teacher')], []))).toBe('Premium');
    expect(accountTypeOf(false, undefined)).toBeUndefined();
  });
});
