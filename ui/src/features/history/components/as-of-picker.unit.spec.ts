import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { asOfInstant } from './as-of-picker.ts';

describe('the "View as of" choice', () => {
  it('a date alone is the end of that day, local time', () => {
    const instant = asOfInstant({ date: '2026-09-01', time: '' });
    expect(instant?.label).toBe('the end of Sep 1, 2026');
    expect(dayjs(instant!.iso).format('YYYY-MM-DD HH:mm:ss.SSS')).toBe('2026-09-01 23:59:59.999');
  });

  it('a date and a time without seconds is the end of that minute', () => {
    const instant = asOfInstant({ date: '2026-09-01', time: '14:05' });
    expect(instant?.label).toBe('Sep 1, 2026 2:05 PM');
    expect(dayjs(instant!.iso).format('YYYY-MM-DD HH:mm:ss.SSS')).toBe('2026-09-01 14:05:59.999');
  });

  it('waits for a whole date', () => {
    expect(asOfInstant({ date: '', time: '14:05' })).toBeNull();
    expect(asOfInstant({ date: '2026-9-1', time: '' })).toBeNull();
  });
});
