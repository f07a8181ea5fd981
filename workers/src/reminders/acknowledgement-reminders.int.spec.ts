import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import { startReadSide, type ReadSide } from '../testing/read-side.ts';
import { runAcknowledgementReminder } from './acknowledgement-reminders.ts';

const now = () => new Date('2026-12-03T10:00:00.000Z');
const dates = { startDate: '2026-09-01', reviewDate: '2027-06-01', meetingDate: null, caseManager: null };

describe('acknowledgement reminders', () => {
  let readSide: ReadSide;
  beforeAll(async () => {
    readSide = await startReadSide();
    const { append } = readSide;
    await append('student-s1', { type: 'StudentAdded', data: { studentId: 's1', ownerId: 'teacher-1', firstName: 'Ava', lastInitial: 'M', grade: '4', status: 'active', birthdate: null, parentName: null, parentEmail: null, parentNotes: null, notes: null } });
    await append('student-s1', { type: 'StudentShared', data: { studentId: 's1', shareId: 'sh1', role: 'co-teacher', expiresAt: null, grantedBy: 'teacher-1', granteeUserId: 'teacher-2', email: 'cole@school.test' } });
    await append('plan-p1', { type: 'PlanCreated', data: { planId: 'p1', studentId: 's1', ...dates, status: 'active' } });
    const teachers = [{ userId: 'teacher-1', role: 'owner' }, { userId: 'teacher-2', role: 'co-teacher' }];
    await append('plan-p1', { type: 'PlanFinalised', data: { planId: 'p1', studentId: 's1', version: 1, effectiveDate: '2026-11-26', content: { ...dates, accommodations: [] }, teachers } });
    await append('plan-p1', { type: 'PlanVersionAcknowledged', data: { planId: 'p1', studentId: 's1', version: 1, userId: 'teacher-1' } });
    await until(async () => (await caseloadQueries(readSide.readStore).planById('p1'))?.awaitingAcknowledgement?.length === 1);
  });
  afterAll(async () => readSide?.stop());

  const until = async (condition: () => Promise<boolean>) => {
    for (let tries = 0; tries < 500 && !(await condition()); tries += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(await condition()).toBe(true);
  };
  const run = (threshold: 3 | 5, version = 1) => runAcknowledgementReminder({ ...readSide, now }, { planId: 'p1', version, threshold });

  it('reminds each teacher still to acknowledge once, then tells the owner once, and nobody of another version', async () => {
    expect(await run(3)).toBe(1);
    expect(await run(3)).toBe(0);
    expect(await run(5)).toBe(1);
    expect(await run(5)).toBe(0);
    expect(await run(3, 2)).toBe(0);
  });

  it('says nothing once everyone has acknowledged', async () => {
    await readSide.append('plan-p1', { type: 'PlanVersionAcknowledged', data: { planId: 'p1', studentId: 's1', version: 1, userId: 'teacher-2' } }, 'teacher-2');
    await until(async () => (await caseloadQueries(readSide.readStore).planById('p1'))?.awaitingAcknowledgement?.length === 0);
    const fresh = await runAcknowledgementReminder({ ...readSide, now }, { planId: 'p1', version: 1, threshold: 3 });
    expect(fresh).toBe(0);
  });
});
