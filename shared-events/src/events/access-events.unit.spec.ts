import { describe, expect, it } from 'vitest';
import { decodeEvent } from './registry.ts';

describe('StudentRecordAccessed', () => {
  it('reads an entry recorded before names and roles were kept with neither, so the log falls back to the account', () => {
    const v1 = { studentId: 's1', userId: 'u1', action: 'view', what: 'Student record', minute: '2026-05-01T10:00', ip: null, userAgent: null };
    expect(decodeEvent('StudentRecordAccessed.v1', v1)).toEqual({
      type: 'StudentRecordAccessed',
      data: { ...v1, userName: null, userRole: null },
      schemaVersion: 2,
    });
  });
});
