import { describe, expect, it } from 'vitest';
import { CASE_MANAGER_IS_THE_STUDENTS, planCaseManagerLabel, planFormSchema } from './plan.ts';

const messagesFor = (form: Record<string, unknown>, field: string) => {
  const parsed = planFormSchema.safeParse(form);
  return parsed.success ? [] : parsed.error.issues.filter((issue) => issue.path[0] === field).map((issue) => issue.message);
};

describe('the plan form', () => {
  it('says an emptied review or start date is required, first', () => {
    expect(messagesFor({ startDate: '2026-09-01', reviewDate: '', status: 'active' }, 'reviewDate')[0]).toBe('Review date is required');
    expect(messagesFor({ startDate: '', reviewDate: '2027-06-01', status: 'active' }, 'startDate')[0]).toBe('Start date is required');
    expect(messagesFor({ startDate: '2026-09-01', status: 'active' }, 'reviewDate')[0]).toBe('Review date is required');
  });

  it('still says when a date is not a date, or the review comes before the start', () => {
    expect(messagesFor({ startDate: '2026-09-01', reviewDate: 'soon', status: 'active' }, 'reviewDate')).toEqual(['Use a date in the form YYYY-MM-DD']);
    expect(messagesFor({ startDate: '2026-09-01', reviewDate: '2026-08-01', status: 'active' }, 'reviewDate')).toEqual([
      'Review date must be on or after the start date',
    ]);
  });
});

describe('the case manager a plan shows', () => {
  it('is the student’s staff member; an older plan’s free text only where there is none, labelled as recorded', () => {
    expect(planCaseManagerLabel('Cole Manager', 'Ms. Rivera')).toBe('Cole Manager');
    expect(planCaseManagerLabel(null, 'Ms. Rivera')).toBe('Ms. Rivera (as recorded on the plan)');
    expect(planCaseManagerLabel(null, null)).toBeNull();
  });

  it('is no field of the plan form any more: a name is refused, an empty one (older forms) changes nothing', () => {
    expect(messagesFor({ startDate: '2026-09-01', reviewDate: '2027-06-01', caseManager: 'Ms. Rivera' }, 'caseManager')).toEqual([CASE_MANAGER_IS_THE_STUDENTS]);
    expect(planFormSchema.safeParse({ startDate: '2026-09-01', reviewDate: '2027-06-01', caseManager: '' }).success).toBe(true);
    expect(planFormSchema.safeParse({ startDate: '2026-09-01', reviewDate: '2027-06-01', caseManager: null }).success).toBe(true);
  });
});
