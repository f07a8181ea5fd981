import { afterEach, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@accommodate/shared-events/events/envelope';
import type { ClassEvent } from '@accommodate/shared-events/events/class-events';
import { janeDetails } from '@accommodate/shared-events/testing/student-fixtures';
import { envelope, MemoryContext, revisions } from '../testing/memory-projection-context.ts';
import { openEmbeddedReadStore } from '../store/embedded-read-store.ts';
import type { BuildRef, ReadStore } from '../store/read-store.ts';
import { applyInCommits, buildTarget } from '../runner/apply-batch.ts';
import type { Change } from './projection.ts';
import { CLASSES, PLANS, STUDENTS, type PlanDoc } from '../queries/caseload-schema.ts';
import { caseloadProjection } from './caseload-projection.ts';

const classEvent = (classId: string, event: ClassEvent) => envelope(`class-${classId}`, event, 'olga');
const created = (classId: string) =>
  classEvent(classId, { type: 'ClassCreated', data: { classId, ownerId: 'olga', schoolId: null, name: classId, period: null, subject: null, room: null, termStart: null, termEnd: null } });
const teacher = (classId: string, granteeUserId: string | null) =>
  classEvent(classId, { type: 'ClassTeacherInvited', data: { classId, teacherId: `t-${classId}`, email: `t@${classId}.test`, granteeUserId, invitedBy: 'olga' } });
const enrol = (classId: string, ...studentIds: string[]) => classEvent(classId, { type: 'EnrolmentSet', data: { classId, studentIds } });

/** Jane with a plan; two classes with a teacher each (Tom active, the other pending); Jane in both, then out of one. */
function history(): EventEnvelope[] {
  revisions.clear();
  return [
    envelope('student-s1', { type: 'StudentAdded', data: { studentId: 's1', ownerId: 'olga', ...janeDetails } }, 'olga'),
    envelope('plan-p1', { type: 'PlanCreated', data: { planId: 'p1', studentId: 's1', startDate: '2025-09-01', reviewDate: '2026-09-01', status: 'active', meetingDate: null, caseManager: null } }, 'olga'),
    created('c1'),
    teacher('c1', 'tom'),
    enrol('c1', 's1'),
    created('c2'),
    teacher('c2', null),
    enrol('c2', 's1'),
    created('c3'),
    teacher('c3', 'ann'),
    enrol('c3', 's1'),
    enrol('c3'),
  ];
}

describe('the caseload applied as the runner does, a batch at a time', () => {
  let store: ReadStore | null = null;
  afterEach(() => store?.close());

  it('ends where applying each event on its own ends, with each student’s audience computed once per batch', async () => {
    const events = history();
    const oneByOne = new MemoryContext();
    for (const event of events) await caseloadProjection.apply(event, oneByOne);

    store = openEmbeddedReadStore({ file: ':memory:' });
    const build: BuildRef = { projection: caseloadProjection.name, version: caseloadProjection.version, build: 'b' };
    await store.createBuild(build, caseloadProjection.collections);
    const changes: Change[] = [];
    await applyInCommits(store, buildTarget(caseloadProjection, build, null), events, (committed) => changes.push(...committed), Infinity);

    for (const [collection, id] of [[STUDENTS, 's1'], [PLANS, 'p1'], [CLASSES, 'c1'], [CLASSES, 'c3']] as const) {
      expect(await store.buildCollection(build, collection).get(id)).toEqual(oneByOne.collections.get(collection)?.get(id));
    }
    expect((await store.buildCollection<PlanDoc>(build, PLANS).get('p1'))?.viewerIds).toEqual(['olga', 'tom']);
    // Jane is heard of when added, then once for the batch's five enrolment changes, by everyone who saw her in it or sees her now.
    const aboutJane = changes.filter((change) => change.message.entity === 'student' && change.message.id === 's1');
    expect(aboutJane.map((change) => change.audience)).toEqual([['olga'], ['olga', 'tom']]);
  });
});
