import { describe, expect, it } from 'vitest';
import type { StudentRoleEntry } from '@accommodate/projections/definitions/caseload-projection';
import { visibleUntil } from './student-access.ts';

const doc = (roles: Record<string, StudentRoleEntry>) => ({ roles });
const sub = (expiresAt: string | null): StudentRoleEntry => ({ role: 'substitute', expiresAt, sharedById: 'owner' });

describe('visibleUntil', () => {
  const now = new Date('2026-05-01T10:00:00Z');

  it('is the end of the soonest share of this user still running', () => {
    const docs = [doc({ sam: sub('2026-05-20') }), doc({ sam: sub('2026-05-03'), other: sub('2026-05-02') }), doc({ sam: sub(null) })];
    expect(new Date(visibleUntil(docs, 'sam', now)).toISOString()).toBe('2026-05-04T00:00:00.000Z');
  });

  it('ignores shares already over and other users’ shares; never, when nothing ends', () => {
    expect(visibleUntil([doc({ sam: sub('2026-04-30') }), doc({ other: sub('2026-05-02'), sam: sub(null) })], 'sam', now)).toBe(Infinity);
  });
});
