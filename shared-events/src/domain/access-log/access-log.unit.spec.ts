import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '../testing/decider-specification.ts';
import { accessLogDecider, describeAccess, documentAccessWhat, type RecordedAccess } from './access-log.ts';

const spec = DeciderSpecification.for(accessLogDecider);
const access = (overrides: Partial<RecordedAccess> = {}): RecordedAccess => ({
  studentId: 's1',
  userId: 'u1',
  action: 'view',
  what: 'Student record',
  minute: '2026-05-01T10:00',
  ip: null,
  userAgent: null,
  userName: 'Uma User',
  userRole: 'owner',
  ...overrides,
});
const recorded = (overrides: Partial<RecordedAccess> = {}) => ({ type: 'StudentRecordAccessed' as const, data: access(overrides) });
const record = (overrides: Partial<RecordedAccess> = {}) => ({ type: 'RecordAccess' as const, access: access(overrides) });

describe('the record of access', () => {
  it('records an access', () => spec.given([]).when(record()).then([recorded()]));

  it('counts a burst once: the same person, action and record within one minute', () =>
    spec.given([recorded()]).when(record({ ip: '10.0.0.9' })).then([]));

  it('records the same access again in the next minute, and another action or person at once', () => {
    spec.given([recorded()]).when(record({ minute: '2026-05-01T10:01' })).then([recorded({ minute: '2026-05-01T10:01' })]);
    spec.given([recorded()]).when(record({ action: 'print' })).then([recorded({ action: 'print' })]);
    spec.given([recorded()]).when(record({ userId: 'u2' })).then([recorded({ userId: 'u2' })]);
  });

  it('still knows the minute an access was recorded in after later minutes were', () =>
    spec.given([recorded(), recorded({ minute: '2026-05-01T10:05', action: 'print' })]).when(record()).then([]));
});

describe('what an entry reads as', () => {
  const names = new Map([['d1', 'IEP-2026.pdf']]);

  it('names a document by its name, though the log holds only its id', () => {
    expect(documentAccessWhat('d1')).toBe('Document d1');
    expect(describeAccess(documentAccessWhat('d1'), names)).toBe('Document: IEP-2026.pdf');
  });

  it('leaves other entries, and a document whose name is gone, as logged', () => {
    expect(describeAccess('Student record', names)).toBe('Student record');
    expect(describeAccess(documentAccessWhat('d2'), names)).toBe('Document d2');
  });
});
