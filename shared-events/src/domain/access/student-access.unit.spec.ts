import { describe, expect, it } from 'vitest';
import { ForbiddenError, IllegalStateError, NotFoundError } from '../errors.ts';
import { STUDENT_ARCHIVED } from '../student/decide-student.ts';
import type { StudentRoleEntry } from './role-rules.ts';
import { authorizeStudent, mayAccess, visibleUntil, type StudentAccessList } from './student-access.ts';

const owner: StudentRoleEntry = { role: 'owner', expiresAt: null, sharedById: null };
const share = (role: StudentRoleEntry['role'], expiresAt: string | null = null): StudentRoleEntry => ({ role, expiresAt, sharedById: 'olga' });
const record = (roles: Record<string, StudentRoleEntry>): StudentAccessList => ({ viewerIds: Object.keys(roles), roles });
const now = new Date('2026-05-01T10:00:00Z');

/** Given a record's roles, when a user asks for an action at `now`, then what is allowed or which refusal is thrown. */
const asking = (given: StudentAccessList | null, userId: string, action: Parameters<typeof mayAccess>[2], at = now) => () =>
  authorizeStudent(given, userId, action, at);

describe('who may do what with a student', () => {
  const student = record({ olga: owner, cora: share('co-teacher'), sam: share('substitute', '2026-05-03'), abe: share('auditor') });

  it('lets the owner do everything', () => {
    for (const action of ['view', 'see-private', 'edit', 'delete', 'list-shares', 'manage-shares', 'see-history', 'see-access-log', 'acknowledge-plan', 'log-implementation', 'export-hearing-packet', 'manage-school'] as const) {
      expect(mayAccess(student, 'olga', action, now)).toBe(true);
    }
  });

  it('lets a school’s overseers do all but delete, and not act as the student’s teachers; the case manager as a co-teacher (issue 23)', () => {
    const schools = record({ olga: owner, cleo: share('coordinator'), ada: share('school-admin'), dana: share('district-admin'), mara: share('case-manager') });
    for (const overseer of ['cleo', 'ada', 'dana']) {
      for (const action of ['edit', 'see-private', 'manage-shares', 'see-access-log', 'export-hearing-packet', 'manage-school'] as const) {
        expect(asking(schools, overseer, action)).not.toThrow();
      }
      expect(asking(schools, overseer, 'delete')).toThrow(new ForbiddenError('Only the student’s owner can delete them'));
      expect(mayAccess(schools, overseer, 'acknowledge-plan', now)).toBe(false);
      expect(mayAccess(schools, overseer, 'log-implementation', now)).toBe(false);
    }
    for (const action of ['edit', 'see-private', 'acknowledge-plan', 'log-implementation'] as const) expect(mayAccess(schools, 'mara', action, now)).toBe(true);
    expect(asking(schools, 'mara', 'manage-school')).toThrow(new ForbiddenError('Only the school’s coordinators and administrators can do this'));
  });

  it('asks the student’s teachers to acknowledge plan versions, not auditors, who only check (issue 27)', () => {
    for (const teacher of ['cora', 'sam']) expect(asking(student, teacher, 'acknowledge-plan')).not.toThrow();
    expect(asking(student, 'abe', 'acknowledge-plan')).toThrow(new ForbiddenError('Only the student’s teachers acknowledge plan versions'));
  });

  it('lets a co-teacher view, edit and see shares and history, but not delete, share or read the access log', () => {
    expect(asking(student, 'cora', 'edit')).not.toThrow();
    expect(asking(student, 'cora', 'see-history')).not.toThrow();
    expect(asking(student, 'cora', 'delete')).toThrow(new ForbiddenError('Only the student’s owner can delete them'));
    expect(asking(student, 'cora', 'manage-shares')).toThrow(new ForbiddenError('Only the student’s owner can share them'));
    expect(asking(student, 'cora', 'see-access-log')).toThrow(new ForbiddenError('Only the owner and auditors can see the access log'));
    expect(asking(student, 'cora', 'export-hearing-packet')).toThrow(new ForbiddenError('Only the owner and auditors can export the hearing packet'));
  });

  it('lets a substitute only view, and hides private parts as not found', () => {
    expect(asking(student, 'sam', 'view')).not.toThrow();
    expect(asking(student, 'sam', 'see-private')).toThrow(new NotFoundError('Record'));
    expect(asking(student, 'sam', 'edit')).toThrow(new ForbiddenError('You can view this student but not change them'));
  });

  it('lets an auditor read everything, the access log included, and change nothing', () => {
    expect(asking(student, 'abe', 'see-private')).not.toThrow();
    expect(asking(student, 'abe', 'see-access-log')).not.toThrow();
    expect(asking(student, 'abe', 'export-hearing-packet')).not.toThrow();
    expect(asking(student, 'abe', 'edit')).toThrow(ForbiddenError);
  });

  it('lets every teacher log implementation (issue 27), while an auditor only reads the log', () => {
    const enrolled = record({ olga: owner, cora: share('co-teacher'), sam: share('substitute'), abe: share('auditor'), tom: { role: 'class-teacher', expiresAt: null, sharedById: 'olga' } });
    for (const teacher of ['olga', 'cora', 'sam', 'tom']) expect(asking(enrolled, teacher, 'log-implementation')).not.toThrow();
    expect(asking(enrolled, 'abe', 'log-implementation')).toThrow(new ForbiddenError('You can read this student’s implementation log but not add to it'));
  });

  it('lets a class teacher view the student, and nothing more: no parent information, notes or documents', () => {
    const enrolled = record({ olga: owner, tom: { role: 'class-teacher', expiresAt: null, sharedById: 'olga' } });
    expect(asking(enrolled, 'tom', 'view')).not.toThrow();
    expect(asking(enrolled, 'tom', 'see-private')).toThrow(new NotFoundError('Record'));
    expect(asking(enrolled, 'tom', 'edit')).toThrow(ForbiddenError);
    expect(asking(enrolled, 'tom', 'see-history')).toThrow(ForbiddenError);
    expect(asking(enrolled, 'tom', 'see-access-log')).toThrow(ForbiddenError);
    expect(asking(enrolled, 'tom', 'export-hearing-packet')).toThrow(ForbiddenError);
  });

  it('ends a share at the end of its expiry date, whatever the record says yet', () => {
    expect(asking(student, 'sam', 'view', new Date('2026-05-03T23:59:59Z'))).not.toThrow();
    expect(asking(student, 'sam', 'view', new Date('2026-05-04T00:00:00Z'))).toThrow(new NotFoundError('Student'));
  });

  it('answers not found to someone not on the record, and for no record, under the name of what was asked for', () => {
    expect(asking(student, 'eve', 'view')).toThrow(new NotFoundError('Student'));
    expect(asking(null, 'olga', 'view')).toThrow(new NotFoundError('Student'));
    expect(() => authorizeStudent(student, 'eve', 'edit', now, 'Plan')).toThrow(new NotFoundError('Plan'));
    expect(() => authorizeStudent(student, 'sam', 'see-private', now, 'Document')).toThrow(new NotFoundError('Document'));
  });
});

describe('visibleUntil', () => {
  const doc = (roles: Record<string, StudentRoleEntry>) => ({ roles });
  const sub = (expiresAt: string | null): StudentRoleEntry => ({ role: 'substitute', expiresAt, sharedById: 'owner' });

  it('is the end of the soonest share of this user still running', () => {
    const docs = [doc({ sam: sub('2026-05-20') }), doc({ sam: sub('2026-05-03'), other: sub('2026-05-02') }), doc({ sam: sub(null) })];
    expect(new Date(visibleUntil(docs, 'sam', now)).toISOString()).toBe('2026-05-04T00:00:00.000Z');
  });

  it('ignores shares already over and other users’ shares; never, when nothing ends', () => {
    expect(visibleUntil([doc({ sam: sub('2026-04-30') }), doc({ other: sub('2026-05-02'), sam: sub(null) })], 'sam', now)).toBe(Infinity);
  });
});

describe('an archived student (issue 26)', () => {
  const archived = { ...record({ olga: owner, cody: share('co-teacher'), ada: share('auditor') }), archived: true };

  it('is read as before, and changed by no one: a conflict for those whose role would allow it', () => {
    expect(mayAccess(archived, 'olga', 'view', now)).toBe(true);
    expect(mayAccess(archived, 'ada', 'see-history', now)).toBe(true);
    for (const action of ['edit', 'delete', 'manage-shares'] as const) expect(mayAccess(archived, 'olga', action, now)).toBe(false);
    expect(asking(archived, 'olga', 'edit')).toThrow(IllegalStateError);
    expect(asking(archived, 'cody', 'edit')).toThrow(STUDENT_ARCHIVED);
    // A role that could never edit is refused as always.
    expect(asking(archived, 'ada', 'edit')).toThrow(ForbiddenError);
  });
});
