import { describe, expect, it } from 'vitest';
import { attachmentDisposition, calendarDay, pathSegmentSafe, studentFileName } from './download-names.ts';

describe('download file names', () => {
  it('offers non-ASCII names exactly through filename*, with an ASCII fallback', () => {
    expect(attachmentDisposition('Évaluation "final".pdf')).toBe(
      `attachment; filename="_valuation _final_.pdf"; filename*=UTF-8''%C3%89valuation%20%22final%22.pdf`,
    );
  });

  it('offers no bidirectional control in either name', () => {
    expect(attachmentDisposition('plan\u202Efdp.exe')).toBe(`attachment; filename="planfdp.exe"; filename*=UTF-8''planfdp.exe`);
  });

  it('names a student file by the student, what it is and the reader’s day', () => {
    const at = new Date('2026-11-26T03:30:00Z');
    expect(studentFileName({ firstName: 'Ava', lastInitial: 'M' }, 'accommodations', 'pdf', at, 'UTC')).toBe('Ava M. - accommodations - 2026-11-26.pdf');
    // Still the 25th in Chicago in the evening.
    expect(calendarDay(at, 'America/Chicago')).toBe('2026-11-25');
    // The zone's format is kept once made; each zone still gives its own day.
    expect(calendarDay(at, 'America/Chicago')).toBe('2026-11-25');
    expect(calendarDay(at, 'Asia/Tokyo')).toBe('2026-11-26');
    expect(() => calendarDay(at, 'Mars/Olympus')).toThrow(RangeError);
  });

  it('keeps accented names and turns characters no desktop allows into dashes', () => {
    const at = new Date('2026-11-25T12:00:00Z');
    expect(studentFileName({ firstName: 'Zoë/Ann:"Jo"', lastInitial: 'Ł' }, 'student record', 'json', at, 'UTC')).toBe('Zoë-Ann--Jo- Ł. - student record - 2026-11-25.json');
  });

  it('makes a name one safe folder of an archive: no separator, no bidi control, never a way up', () => {
    expect(pathSegmentSafe('Ava/../../etc M.')).toBe('Ava-..-..-etc M.');
    expect(pathSegmentSafe('Noor\u202Efdp.exe')).toBe('Noorfdp.exe');
    expect(pathSegmentSafe('..')).toBe('-..');
    expect(pathSegmentSafe('  ')).toBe('-');
    expect(pathSegmentSafe('Zoë Ł.')).toBe('Zoë Ł.');
  });
});
