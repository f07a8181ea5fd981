import { describe, expect, it } from 'vitest';
import { fieldLabel, fieldValue, formatCalendarDate } from './record-display.ts';

describe('a record as people read it', () => {
  it('labels fields as the screens do', () => {
    expect(fieldLabel('student', 'firstName')).toBe('First name');
    expect(fieldLabel('share', 'expiresAt')).toBe('Share expires');
    expect(fieldLabel('document', 'name')).toBe('Document');
    expect(fieldLabel('plan', 'reviewDate')).toBe('Review date');
  });

  it('says dates as the lists do, the same day in every time zone', () => {
    expect(formatCalendarDate('2026-09-01')).toBe('Sep 1, 2026');
    expect(formatCalendarDate('2026-12-25')).toBe('Dec 25, 2026');
    expect(fieldValue('plan', 'reviewDate', '2027-06-01')).toBe('Jun 1, 2027');
    expect(fieldValue('share', 'expiresAt', '2026-11-30')).toBe('Nov 30, 2026');
    expect(formatCalendarDate('not a date')).toBe('not a date');
  });

  it('says statuses, grades and roles in words, each status by what it belongs to', () => {
    expect(fieldValue('student', 'status', 'issue')).toBe('Requires Attention');
    expect(fieldValue('plan', 'status', 'under-review')).toBe('Under Review');
    expect(fieldValue('student', 'grade', 'K')).toBe('Kindergarten');
    expect(fieldValue('student', 'grade', '5')).toBe('Grade 5');
    expect(fieldValue('share', 'role', 'co-teacher')).toBe('Co-teacher');
    expect(fieldValue('student', 'status', 'custom-x')).toBe('custom-x');
  });

  it('shows emptiness as a dash, lists joined, and notes as their words', () => {
    expect(fieldValue('plan', 'meetingDate', null)).toBe('—');
    expect(fieldValue('student', 'accommodations', [])).toBe('none');
    expect(fieldValue('student', 'accommodations', ['Breaks', 'Extended Time'])).toBe('Breaks, Extended Time');
    expect(fieldValue('student', 'notes', '<p>Needs <strong>quiet</strong> &amp; calm</p>')).toBe('Needs quiet & calm');
    expect(fieldValue('student', 'notes', '<p></p>')).toBe('—');
  });
});
