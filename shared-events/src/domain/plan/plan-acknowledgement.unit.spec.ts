import { describe, expect, it } from 'vitest';
import type { StudentRoleEntry } from '../access/role-rules.ts';
import type { StudentAccessRole } from '../../schemas/access-roles.ts';
import { answerableForAcknowledgement, teachersToAsk } from './plan-acknowledgement.ts';

const now = new Date('2026-10-01T12:00:00Z');
const entry = (role: StudentAccessRole, sharedById: string | null = null): StudentRoleEntry => ({ role, expiresAt: null, sharedById });
/** A student as the caseload keeps who reaches it. */
const student = (ownerId: string | null, roles: Record<string, StudentRoleEntry>) => ({ ownerId, viewerIds: Object.keys(roles), roles });

describe('who answers for a plan version still not acknowledged', () => {
  it('is the student’s owner when a person owns it', () => {
    expect(answerableForAcknowledgement(student('olga', { olga: entry('owner'), cora: entry('coordinator') }), now)).toEqual(['olga']);
  });

  it('is the case manager of a school’s student, else its coordinators, never the district’s admin', () => {
    const imported = { maria: entry('class-teacher'), cora: entry('coordinator'), dana: entry('district-admin'), pat: entry('school-admin') };
    expect(answerableForAcknowledgement(student(null, imported), now)).toEqual(['cora']);
    expect(answerableForAcknowledgement(student(null, { ...imported, sam: entry('case-manager') }), now)).toEqual(['sam']);
  });
});

describe('the teachers asked to acknowledge a version', () => {
  it('are a school’s student’s teachers, not its school’s or district’s overseers', () => {
    const imported = student(null, { maria: entry('class-teacher'), sam: entry('class-teacher', 'maria'), cora: entry('coordinator'), dana: entry('district-admin') });
    expect(teachersToAsk(imported, now).map((teacher) => teacher.userId)).toEqual(['maria', 'sam']);
  });
});
