import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../events/envelope.ts';
import type { PlanEvent } from '../../events/plan-events.ts';
import { ERASED } from '../../events/personal-fields.ts';
import { planRecordFor, planRecordSchema, type PlanRecord } from '../../schemas/plan-record.ts';
import { DeciderSpecification } from '../testing/decider-specification.ts';
import { IllegalStateError, ValidationError } from '../errors.ts';
import { planDecider, RECORD_IS_FINAL, SPECIFICS_OF_OTHERS } from './decide-plan.ts';
import { decodePlanRecord, encodePlanRecord } from './plan-record.ts';
import { evolvePlan, initialPlanState } from './plan.ts';
import { planVersionsOf } from './plan-versions.ts';

const spec = DeciderSpecification.for(planDecider);
const envelope = (event: PlanEvent, revision: number): EventEnvelope => ({
  eventId: `e${revision}`,
  type: event.type,
  data: event.data,
  streamId: 'plan-p1',
  revision,
  position: BigInt(revision),
  occurredAt: `2025-10-0${revision}T00:00:00.000Z`,
  actor: { userId: 'principal' },
  correlationId: 'c',
  causationId: null,
  schemaVersion: 1,
});
const created: PlanEvent = {
  type: 'PlanCreated',
  data: { planId: 'p1', studentId: 's1', startDate: '2025-09-01', reviewDate: '2026-09-01', status: 'active', meetingDate: '2025-08-28', caseManager: null },
};
const record: PlanRecord = {
  impairment: 'ADHD, combined presentation',
  lifeActivities: ['Concentrating', 'Learning', 'Sitting still in long lessons'],
  participants: [{ name: 'Dana Ortiz', role: 'Parent' }, { name: 'Mr. Lee', role: '504 Coordinator' }],
  consent: { date: '2025-08-28', method: 'in-writing' },
  specifics: [{ accommodationId: 'a1', details: 'Extended time: 1.5× on tests and quizzes', where: 'Resource room', frequency: 'Every test' }],
};
const recorded: PlanEvent = { type: 'PlanRecordUpdated', data: { planId: 'p1', studentId: 's1', record: encodePlanRecord(record) } };
const extendedTime = { id: 'a1', name: 'Extended time', category: 'Testing', description: null };
const teachers = [{ userId: 'owner', role: 'owner' }];
const finalise = { type: 'FinalisePlan' as const, planId: 'p1', by: 'principal', effectiveDate: '2025-09-02', accommodations: [extendedTime], teachers };

describe('the plan record (issue 27)', () => {
  it('records what the meeting decided on a draft plan, and nothing when it says the same again', () => {
    spec.given([created]).when({ type: 'RecordPlan', planId: 'p1', record, accommodationIds: ['a1'] }).then([recorded]);
    spec.given([created, recorded]).when({ type: 'RecordPlan', planId: 'p1', record, accommodationIds: ['a1'] }).then([]);
  });

  it('refuses specifics for an accommodation the student does not have', () => {
    spec
      .given([created])
      .when({ type: 'RecordPlan', planId: 'p1', record, accommodationIds: ['a2'] })
      .thenThrows(ValidationError, (error) => error.errors?.specifics === SPECIFICS_OF_OTHERS);
  });

  it('freezes the record in version 1, and locks it: a final plan’s record changes only by amendment', () => {
    const [finalised] = planDecider.decide(finalise, [created, recorded].reduce(evolvePlan, initialPlanState()));
    expect(finalised?.type === 'PlanFinalised' && decodePlanRecord(finalised.data.content.record)).toEqual(record);
    spec
      .given([created, recorded, finalised!])
      .when({ type: 'RecordPlan', planId: 'p1', record: { ...record, impairment: 'Dyslexia' }, accommodationIds: ['a1'] })
      .thenThrows(IllegalStateError, (error) => error.message === RECORD_IS_FINAL);
  });

  it('an amendment with a new record shows its differences in the versions; one without keeps the record', () => {
    const state = [created, recorded].reduce(evolvePlan, initialPlanState());
    const [finalised] = planDecider.decide(finalise, state);
    const amend = { type: 'AmendPlan' as const, planId: 'p1', by: 'principal', reason: 'New meeting', effectiveDate: '2025-10-01', changes: {}, accommodations: [extendedTime], teachers };
    const changed = { ...record, consent: { date: '2025-09-30', method: 'by-phone' as const }, specifics: [{ ...record.specifics[0]!, frequency: 'Tests only' }] };
    const [amended] = planDecider.decide({ ...amend, record: changed }, evolvePlan(state, finalised!));
    const [kept] = planDecider.decide(amend, evolvePlan(evolvePlan(state, finalised!), amended!));
    const [v1, v2, v3] = planVersionsOf([finalised!, amended!, kept!].map((event, index) => envelope(event, index + 2)));
    expect(v1?.changes.record).toEqual([]);
    expect(v2?.changes.record).toEqual([
      { field: 'consent', before: 'Aug 28, 2025, in writing', after: 'Sep 30, 2025, by phone' },
      { field: 'specifics', accommodationId: 'a1', before: 'Extended time: 1.5× on tests and quizzes · Resource room · Every test', after: 'Extended time: 1.5× on tests and quizzes · Resource room · Tests only' },
    ]);
    expect(v3?.content.record).toEqual(changed);
    expect(v3?.changes.record).toEqual([]);
  });

  it('a version finalised before the record existed folds and reads as having none', () => {
    const old: PlanEvent = { type: 'PlanFinalised', data: { planId: 'p1', studentId: 's1', version: 1, effectiveDate: '2025-09-02', content: { startDate: '2025-09-01', reviewDate: '2026-09-01', meetingDate: null, caseManager: null, accommodations: [] }, teachers } };
    const state = [created, recorded, old].reduce(evolvePlan, initialPlanState());
    expect(state.status === 'present' && state.record).toEqual(record);
  });

  it('an erased student’s record reads as none: the sealed string no longer parses', () => {
    expect(decodePlanRecord(ERASED)).toBeNull();
    const state = [created, { ...recorded, data: { ...recorded.data, record: ERASED } }].reduce(evolvePlan, initialPlanState());
    expect(state.status === 'present' && state.record).toBeNull();
  });

  it('a reader without see-plan-record gets the team and the specifics, not the impairment or consent', () => {
    expect(planRecordFor(record, false)).toEqual({ participants: record.participants, specifics: record.specifics });
    expect(planRecordFor(record, true)).toEqual(record);
  });

  it('validates the form with messages a coordinator understands', () => {
    const result = planRecordSchema.safeParse({ participants: [{ name: '', role: 'Parent' }], consent: { date: '2025-08-28', method: 'by-fax' } });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Name is required', 'Choose how consent was given']);
    expect(planRecordSchema.parse({ lifeActivities: ['Reading', 'Reading'] })).toEqual({ impairment: null, lifeActivities: ['Reading'], participants: [], consent: null, specifics: [] });
  });
});
