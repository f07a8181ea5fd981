import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@accommodate/shared-events/events/envelope';
import type { ClassEvent } from '@accommodate/shared-events/events/class-events';
import { janeDetails } from '@accommodate/shared-events/testing/student-fixtures';
import { envelope, MemoryContext, revisions } from '../testing/memory-projection-context.ts';
import { CLASSES, PLANS, STUDENTS, type ClassDoc, type PlanDoc, type StudentDoc } from '../queries/caseload-schema.ts';
import { caseloadProjection } from './caseload-projection.ts';

async function run(context: MemoryContext, ...envelopes: EventEnvelope[]) {
  for (const each of envelopes) await caseloadProjection.apply(each, context);
}
const classEvent = (event: ClassEvent) => envelope('class-c1', event, 'olga');
const enrol = (...studentIds: string[]) => classEvent({ type: 'EnrolmentSet', data: { classId: 'c1', studentIds } });
const invite = (granteeUserId: string | null) =>
  classEvent({ type: 'ClassTeacherInvited', data: { classId: 'c1', teacherId: 't1', email: 'tom@school.test', granteeUserId, invitedBy: 'olga' } });

/** Olga owns Jane (with a plan) and a class; Tom is invited to the class, pending. */
async function olgasClass() {
  revisions.clear();
  const context = new MemoryContext();
  await run(
    context,
    envelope('student-s1', { type: 'StudentAdded', data: { studentId: 's1', ownerId: 'olga', ...janeDetails } }, 'olga'),
    envelope('plan-p1', { type: 'PlanCreated', data: { planId: 'p1', studentId: 's1', startDate: '2025-09-01', reviewDate: '2026-09-01', status: 'active', meetingDate: null, caseManager: null } }, 'olga'),
    classEvent({ type: 'ClassCreated', data: { classId: 'c1', ownerId: 'olga', schoolId: null, name: 'Period 3 Algebra I', period: '3', subject: null, room: null, termStart: null, termEnd: null } }),
    invite(null),
  );
  return context;
}
const jane = (context: MemoryContext) => context.collections.get(STUDENTS)?.get('s1') as StudentDoc;
const theClass = (context: MemoryContext) => context.collections.get(CLASSES)?.get('c1') as ClassDoc;

describe('classes in the caseload', () => {
  it('keeps the class with its teachers, a pending invitation giving nothing yet', async () => {
    const context = await olgasClass();
    expect(theClass(context)).toMatchObject({ name: 'Period 3 Algebra I', status: 'active', teacherIds: ['olga'], pendingEmails: ['tom@school.test'], studentIds: [] });
    await run(context, enrol('s1'));
    expect(jane(context).viewerIds).toEqual(['olga']);
  });

  it('gives an enrolled student to the class’s active teachers as class teachers, and tells them', async () => {
    const context = await olgasClass();
    await run(context, enrol('s1'), classEvent({ type: 'ClassTeacherActivated', data: { classId: 'c1', teacherId: 't1', granteeUserId: 'tom' } }));
    expect(jane(context).roles.tom).toEqual({ role: 'class-teacher', expiresAt: null, sharedById: 'olga' });
    expect(jane(context).viewerIds).toEqual(['olga', 'tom']);
    expect(jane(context).editorIds).toEqual(['olga']);
    // The student's stream revision, not the class's: it stays the ETag of the student.
    expect(jane(context).revision).toBe(0);
    expect((context.collections.get(PLANS)?.get('p1') as PlanDoc).viewerIds).toEqual(['olga', 'tom']);
    expect(context.changes.map((change) => [change.message.entity, change.audience])).toContainEqual(['student', ['olga', 'tom']]);
    expect(context.changes.at(-1)?.audience).toEqual(['olga', 'tom']);
  });

  it('takes the student away when it leaves the class, and when the class is archived', async () => {
    const context = await olgasClass();
    await run(context, invite('tom'), enrol('s1'));
    expect(jane(context).viewerIds).toContain('tom');
    await run(context, enrol());
    expect(jane(context).viewerIds).toEqual(['olga']);
    expect(jane(context).roles.tom).toBeUndefined();
    await run(context, enrol('s1'), classEvent({ type: 'ClassArchived', data: { classId: 'c1' } }));
    expect(jane(context).viewerIds).toEqual(['olga']);
    // Tom must hear of it to refetch and lose the student.
    expect(context.changes.some((change) => change.message.entity === 'student' && change.audience.includes('tom'))).toBe(true);
  });

  it('takes the student away from a teacher removed from the class at once, and tells them', async () => {
    const context = await olgasClass();
    await run(context, invite('tom'), enrol('s1'));
    expect(jane(context).roles.tom?.role).toBe('class-teacher');
    await run(context, classEvent({ type: 'ClassTeacherRemoved', data: { classId: 'c1', teacherId: 't1' } }));
    expect(theClass(context)).toMatchObject({ teacherIds: ['olga'], teachers: {}, pendingEmails: [] });
    expect(jane(context).roles.tom).toBeUndefined();
    expect(jane(context).viewerIds).toEqual(['olga']);
    expect((context.collections.get(PLANS)?.get('p1') as PlanDoc).viewerIds).toEqual(['olga']);
    expect(context.changes.some((change) => change.message.entity === 'student' && change.audience.includes('tom'))).toBe(true);
    expect(context.changes.at(-1)?.audience).toEqual(['olga', 'tom']);
  });

  it('leaves a removed class teacher what another relation gives them', async () => {
    const context = await olgasClass();
    await run(
      context,
      envelope('student-s1', { type: 'StudentShared', data: { studentId: 's1', shareId: 'sh1', role: 'substitute', expiresAt: null, grantedBy: 'olga', granteeUserId: 'tom', email: 'tom@school.test' } }, 'olga'),
      invite('tom'),
      enrol('s1'),
      classEvent({ type: 'ClassTeacherRemoved', data: { classId: 'c1', teacherId: 't1' } }),
    );
    expect(jane(context).roles.tom?.role).toBe('substitute');
    expect(jane(context).viewerIds).toEqual(['olga', 'tom']);
  });

  it('lets a share or ownership win over a class: one entry per person, the wider one', async () => {
    const context = await olgasClass();
    await run(
      context,
      envelope('student-s1', { type: 'StudentShared', data: { studentId: 's1', shareId: 'sh1', role: 'co-teacher', expiresAt: null, grantedBy: 'olga', granteeUserId: 'tom', email: 'tom@school.test' } }, 'olga'),
      invite('tom'),
      enrol('s1'),
    );
    expect(jane(context).roles.tom?.role).toBe('co-teacher');
    expect(jane(context).roles.olga?.role).toBe('owner');
    await run(context, envelope('student-s1', { type: 'ShareRevoked', data: { studentId: 's1', shareId: 'sh1' } }, 'olga'));
    expect(jane(context).roles.tom?.role).toBe('class-teacher');
  });

  it('skips a redelivered class event', async () => {
    const context = await olgasClass();
    const renamed = classEvent({ type: 'ClassUpdated', data: { classId: 'c1', changes: { name: 'Period 4' } } });
    await run(context, renamed, classEvent({ type: 'ClassUpdated', data: { classId: 'c1', changes: { name: 'Period 5' } } }), renamed);
    expect(theClass(context).name).toBe('Period 5');
  });
});
