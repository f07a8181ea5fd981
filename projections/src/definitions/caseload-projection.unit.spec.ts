import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@accommodate/shared-events/events/envelope';
import { janeDetails } from '@accommodate/shared-events/testing/student-fixtures';
import { envelope, MemoryContext, revisions } from '../testing/memory-projection-context.ts';
import { DOCUMENTS, PLANS, STUDENTS } from './caseload-collections.ts';
import { caseloadProjection, type DocumentDoc, type PlanDoc, type StudentDoc } from './caseload-projection.ts';

async function run(context: MemoryContext, ...envelopes: EventEnvelope[]) {
  for (const each of envelopes) await caseloadProjection.apply(each, context);
}

const details = janeDetails;

async function caseloadWithJane() {
  revisions.clear();
  const context = new MemoryContext();
  await run(
    context,
    envelope('accommodation-a1', { type: 'AccommodationAdded', data: { accommodationId: 'a1', name: 'Extended Time', category: 'academic', description: 'More time', ownerId: null, appliesToTests: true } }),
    envelope('accommodation-a2', { type: 'AccommodationAdded', data: { accommodationId: 'a2', name: 'Movement Breaks', category: null, description: null, ownerId: 'u1', appliesToTests: false } }),
    envelope('student-s1', { type: 'StudentAdded', data: { studentId: 's1', ownerId: 'u1', ...details } }),
    envelope('student-s1', { type: 'StudentAccommodationsChanged', data: { studentId: 's1', added: ['a1', 'a2'], removed: [] } }),
  );
  return context;
}
const student = (context: MemoryContext) => context.collections.get(STUDENTS)?.get('s1') as StudentDoc | undefined;

describe('caseload projection', () => {
  it('builds the student with its access lists, display name, accommodations and stream revision', async () => {
    const context = await caseloadWithJane();
    expect(student(context)).toMatchObject({
      id: 's1',
      ownerId: 'u1',
      name: 'Jane D.',
      viewerIds: ['u1'],
      editorIds: ['u1'],
      accommodationIds: ['a1', 'a2'],
      revision: 1,
      accommodations: [
        { id: 'a1', name: 'Extended Time', category: 'academic', description: 'More time', status: 'active' },
        // No category of its own: derived from the name ("breaks" is behavioral).
        { id: 'a2', name: 'Movement Breaks', category: 'behavioral', description: null, status: 'active' },
      ],
    });
    expect(context.changes.at(-1)).toEqual({
      message: { entity: 'student', id: 's1', studentId: 's1', revision: 1, actorId: 'u1' },
      audience: ['u1'],
    });
  });

  it('applies detail changes and set changes, and skips a redelivered older event', async () => {
    const context = await caseloadWithJane();
    const renamed = envelope('student-s1', { type: 'StudentDetailsUpdated', data: { studentId: 's1', changes: { firstName: 'Janet', notes: '<p>x</p>' } } });
    await run(context, renamed);
    await run(context, envelope('student-s1', { type: 'StudentAccommodationsChanged', data: { studentId: 's1', added: [], removed: ['a1'] } }));
    await run(context, renamed);
    expect(student(context)).toMatchObject({ firstName: 'Janet', name: 'Janet D.', notes: '<p>x</p>', grade: '4', accommodationIds: ['a2'], revision: 3 });
  });

  it('refreshes accommodation names on students and drops removed ones', async () => {
    const context = await caseloadWithJane();
    await run(context, envelope('accommodation-a2', { type: 'AccommodationUpdated', data: { accommodationId: 'a2', name: 'Fidget Tools', category: 'custom', description: 'Quiet', appliesToTests: false } }));
    expect(student(context)?.accommodations[1]).toMatchObject({ name: 'Fidget Tools', category: 'custom', description: 'Quiet' });
    await run(context, envelope('accommodation-a1', { type: 'AccommodationRemoved', data: { accommodationId: 'a1' } }));
    expect(student(context)?.accommodationIds).toEqual(['a2']);
    expect(student(context)?.accommodations.map((a) => a.name)).toEqual(['Fidget Tools']);
    expect(student(context)?.revision).toBe(1);
  });

  it('keeps plans with lastUpdated from their latest event, visible to the student’s viewers', async () => {
    const context = await caseloadWithJane();
    const plan = { planId: 'p1', studentId: 's1', startDate: '2025-09-01', reviewDate: '2026-09-01', status: 'active', meetingDate: null, caseManager: null };
    await run(
      context,
      envelope('plan-p1', { type: 'PlanCreated', data: plan }, 'u1', '2025-09-01T10:00:00.000Z'),
      envelope('plan-p1', { type: 'PlanUpdated', data: { planId: 'p1', studentId: 's1', changes: { meetingDate: '2026-08-01' } } }, 'u1', '2025-10-02T10:00:00.000Z'),
      envelope('plan-p2', { type: 'PlanCreated', data: { ...plan, planId: 'p2', studentId: 'nobody' } }),
    );
    const plans = context.collections.get(PLANS)!;
    expect(plans.get('p1')).toEqual({
      id: 'p1', studentId: 's1', startDate: '2025-09-01', reviewDate: '2026-09-01', status: 'active',
      meetingDate: '2026-08-01', caseManager: null, lastUpdated: '2025-10-02T10:00:00.000Z', revision: 1, viewerIds: ['u1'],
    } satisfies PlanDoc);
    expect(plans.has('p2')).toBe(false);
  });

  it('labels documents by type and forgets the student’s plans and documents when it is deleted', async () => {
    const context = await caseloadWithJane();
    await run(
      context,
      envelope('plan-p1', { type: 'PlanCreated', data: { planId: 'p1', studentId: 's1', startDate: '2025-09-01', reviewDate: '2026-09-01', status: 'active', meetingDate: null, caseManager: null } }),
      envelope('document-d1', { type: 'DocumentUploaded', data: { documentId: 'd1', studentId: 's1', name: 'plan.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', size: 10, sha256: 'ab' } }),
    );
    expect((context.collections.get(DOCUMENTS)!.get('d1') as DocumentDoc).type).toBe('Word');
    await run(context, envelope('student-s1', { type: 'StudentDeleted', data: { studentId: 's1' } }));
    expect(context.collections.get(STUDENTS)!.size).toBe(0);
    expect(context.collections.get(PLANS)!.size).toBe(0);
    expect(context.collections.get(DOCUMENTS)!.size).toBe(0);
    expect(context.changes.at(-1)).toEqual({
      message: { entity: 'student', id: 's1', studentId: 's1', revision: 2, actorId: 'u1' },
      audience: ['u1'],
    });
  });
});
