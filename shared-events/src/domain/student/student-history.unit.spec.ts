import { describe, expect, it } from 'vitest';
import { SIS_ACTOR, type EventEnvelope } from '../../events/envelope.ts';
import { IMPORTED_FROM_SIS } from '../../schemas/record-display.ts';
import type { DomainEvent } from '../../events/registry.ts';
import { janeDetails } from '../../testing/student-fixtures.ts';
import { studentAsOf } from './student-as-of.ts';
import { buildHistory, historyFor, type HistoryEntry } from './student-history.ts';
import { encodePlanRecord } from '../plan/plan-record.ts';

const at = (day: number) => `2026-03-${String(day).padStart(2, '0')}T09:00:00.000Z`;
/** Given: the student stream, one event a day from March 1st. */
const given = (...events: DomainEvent[]): EventEnvelope[] =>
  events.map((event, index) => ({
    ...event,
    eventId: `e${index}`,
    streamId: 'student-s1',
    revision: index,
    position: BigInt(index + 1),
    occurredAt: at(index + 1),
    actor: { userId: index === 0 ? 'olga' : 'cora' },
    correlationId: 'c',
    causationId: null,
    schemaVersion: 1,
  }));
const added: DomainEvent = { type: 'StudentAdded', data: { studentId: 's1', ownerId: 'olga', ...janeDetails } };
const regraded: DomainEvent = { type: 'StudentDetailsUpdated', data: { studentId: 's1', changes: { grade: '5' } } };
const assigned: DomainEvent = { type: 'StudentAccommodationsChanged', data: { studentId: 's1', added: ['a1'], removed: [] } };
const shared: DomainEvent = {
  type: 'StudentShared',
  data: { studentId: 's1', shareId: 'sh1', role: 'co-teacher', expiresAt: null, grantedBy: 'olga', granteeUserId: 'cora', email: 'cora@school.test' },
};

describe('the student as of a past instant', () => {
  const stream = given(added, regraded, shared, assigned);

  it('is the record as its events had made it then, with the last change to the record itself', () => {
    expect(studentAsOf(stream, at(3))).toMatchObject({ id: 's1', grade: '5', name: 'Jane D.', accommodationIds: [], createdAt: at(1), updatedAt: at(2), revision: 1 });
    expect(studentAsOf(stream, at(4))).toMatchObject({ grade: '5', accommodationIds: ['a1'], updatedAt: at(4), revision: 3 });
  });

  it('is nothing before it was added or once it was deleted', () => {
    expect(studentAsOf(stream, '2026-02-28T00:00:00.000Z')).toBeNull();
    expect(studentAsOf(given(added, { type: 'StudentDeleted', data: { studentId: 's1' } }), at(2))).toBeNull();
  });
});

const names = {
  person: (id: string) => ({ olga: 'Olga Owner', cora: 'Cora Co', mara: 'Mara Manager' })[id] ?? 'Unknown user',
  school: (id: string) => (id === 'north' ? 'North Elementary' : 'South Middle'),
  accommodation: (id: string) => `Accommodation ${id}`,
};

describe('the student history', () => {
  it('compares each event with the state just before it, newest first', () => {
    const history = buildHistory({ student: given(added, regraded, shared, assigned), plans: [], documents: [] }, names);
    expect(history.map((entry) => [entry.kind, entry.actor.name, entry.changes.map((change) => [change.field, change.before, change.after])])).toEqual([
      ['Accommodations changed', 'Cora Co', [['accommodations', [], ['Accommodation a1']]]],
      ['Share granted', 'Cora Co', [['email', null, 'cora@school.test'], ['role', null, 'co-teacher']]],
      ['Details changed', 'Cora Co', [['grade', '4', '5']]],
      ['Student added', 'Olga Owner', [['firstName', null, 'Jane'], ['lastInitial', null, 'D'], ['grade', null, '4'], ['status', null, 'active']]],
    ]);
  });

  it('says when the student joined or moved school and who its case manager became (issue 23)', () => {
    const joined: DomainEvent = { type: 'StudentSchoolChanged', data: { studentId: 's1', fromSchoolId: null, toSchoolId: 'north', changedBy: 'cora' } };
    const managed: DomainEvent = { type: 'StudentCaseManagerAssigned', data: { studentId: 's1', caseManagerId: 'mara', assignedBy: 'cora' } };
    const moved: DomainEvent = { type: 'StudentSchoolChanged', data: { studentId: 's1', fromSchoolId: 'north', toSchoolId: 'south', changedBy: 'cora' } };
    const history = buildHistory({ student: given(added, joined, managed, moved), plans: [], documents: [] }, names);
    expect(history.slice(0, 3).map((entry) => [entry.kind, entry.changes.map((change) => [change.field, change.before, change.after])])).toEqual([
      ['School changed', [['school', 'North Elementary', 'South Middle']]],
      ['Case manager assigned', [['caseManager', null, 'Mara Manager']]],
      ['School changed', [['school', null, 'North Elementary']]],
    ]);
  });
});

describe('the plan record in the history (issue 27)', () => {
  const fields = { startDate: '2026-09-01', reviewDate: '2027-06-01', status: 'active', meetingDate: null, caseManager: null };
  const record = (impairment: string, details: string) =>
    encodePlanRecord({ impairment, lifeActivities: ['Reading'], participants: [], consent: { date: '2026-08-28', method: 'in-writing' }, specifics: [{ accommodationId: 'a1', details, where: null, frequency: null }] });
  const plan = given(
    { type: 'PlanCreated', data: { planId: 'p1', studentId: 's1', ...fields } },
    { type: 'PlanRecordUpdated', data: { planId: 'p1', studentId: 's1', record: record('Dyslexia', '1.5× on tests') } },
    { type: 'PlanRecordUpdated', data: { planId: 'p1', studentId: 's1', record: record('Dyslexia and ADHD', '1.5× on tests') } },
    { type: 'PlanRecordUpdated', data: { planId: 'p1', studentId: 's1', record: record('Dyslexia and ADHD', '2× on tests') } },
  );
  const history = buildHistory({ student: [], plans: [plan], documents: [] }, names);
  const readable = (entries: HistoryEntry[]) => entries.map((entry) => [entry.kind, entry.changes.map((change) => [change.field, change.before, change.after])]);

  it('given records saved, then each is an entry with the readable differences, specifics under the accommodation’s name', () => {
    expect(readable(history).slice(0, 3)).toEqual([
      ['Plan record updated', [['specifics', 'Accommodation a1: 1.5× on tests', 'Accommodation a1: 2× on tests']]],
      ['Plan record updated', [['impairment', 'Dyslexia', 'Dyslexia and ADHD']]],
      [
        'Plan record updated',
        [
          ['impairment', null, 'Dyslexia'],
          ['lifeActivities', null, 'Reading'],
          ['consent', null, 'Aug 28, 2026, in writing'],
          ['specifics', null, 'Accommodation a1: 1.5× on tests'],
        ],
      ],
    ]);
  });

  it('given a reader who may not see the impairment or consent, then the entries stay and say only that the record changed', () => {
    expect(readable(historyFor(history, false)).slice(0, 3)).toEqual([
      ['Plan record updated', [['specifics', 'Accommodation a1: 1.5× on tests', 'Accommodation a1: 2× on tests']]],
      ['Plan record updated', []],
      ['Plan record updated', [['specifics', null, 'Accommodation a1: 1.5× on tests']]],
    ]);
    expect(JSON.stringify(historyFor(history, false))).not.toMatch(/Dyslexia|Reading|in writing/);
    expect(historyFor(history, true)).toEqual(history);
  });
});

describe('signed versions in the history', () => {
  const fields = { startDate: '2026-09-01', reviewDate: '2027-06-01', status: 'active', meetingDate: null, caseManager: null };
  const { status: _status, ...dates } = fields;
  const content = { ...dates, accommodations: [] };
  const teachers = [{ userId: 'cora', role: 'co-teacher' }];
  const plan = given(
    { type: 'PlanCreated', data: { planId: 'p1', studentId: 's1', ...fields } },
    { type: 'PlanFinalised', data: { planId: 'p1', studentId: 's1', version: 1, effectiveDate: '2026-09-01', content, teachers } },
    { type: 'PlanVersionAcknowledged', data: { planId: 'p1', studentId: 's1', version: 1, userId: 'cora' } },
    { type: 'PlanAmended', data: { planId: 'p1', studentId: 's1', version: 2, reason: 'Breaks agreed at the review', effectiveDate: '2026-10-01', content, teachers } },
  );

  it('names the finalisation, each amendment with its reason, and each acknowledgement, with the version as the plan page numbers it', () => {
    const history = buildHistory({ student: [], plans: [plan], documents: [] }, names);
    expect(history.slice(0, 3).map((entry) => [entry.kind, entry.changes.map((change) => [change.field, change.before, change.after])])).toEqual([
      ['Plan amended', [['version', 'Version 1', 'Version 2'], ['reason', null, 'Breaks agreed at the review'], ['effectiveDate', null, '2026-10-01']]],
      ['Plan acknowledged', [['version', null, 'Version 1'], ['acknowledgedBy', null, 'Cora Co']]],
      ['Plan finalised', [['version', null, 'Version 1'], ['effectiveDate', null, '2026-09-01']]],
    ]);
  });
});

describe('the history of a student imported from the SIS', () => {
  it('opens with the import, named as such, and names the SIS as the author of what the import changed later', () => {
    const imported: DomainEvent = { type: 'StudentAdded', data: { studentId: 's1', ownerId: null, ...janeDetails, schoolId: 'school-1' } };
    const stream = given(imported, regraded).map((envelope) => ({ ...envelope, actor: SIS_ACTOR }));
    const names = { person: (id: string) => (id === SIS_ACTOR.userId ? 'the SIS' : 'Dana Admin'), school: () => 'Roosevelt Middle', accommodation: () => 'Extended time' };
    const entries = buildHistory({ student: stream, plans: [], documents: [] }, names);
    expect(entries.map((entry) => [entry.kind, entry.actor.name])).toEqual([
      ['Details changed', 'the SIS'],
      [IMPORTED_FROM_SIS, 'the SIS'],
    ]);
    expect(IMPORTED_FROM_SIS).toBe('Imported from the SIS');
  });
});
