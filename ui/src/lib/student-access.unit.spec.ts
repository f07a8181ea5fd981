import { describe, expect, it } from 'vitest';
import { permissionsFor, roleWithArticle, type StudentPermissions } from './student-access.ts';

const VIEW_ONLY: StudentPermissions = {
  edit: false,
  delete: false,
  share: false,
  seePrivate: false,
  seeShares: false,
  seeHistory: false,
  seeAccessLog: false,
  acknowledgePlan: false,
  logImplementation: false,
  exportHearingPacket: false,
  manageSchool: false,
  seePlanRecord: false,
};

describe('what each access may do on a student', () => {
  it('a substitute views, acknowledges plan versions and logs implementation: no edits, uploads, notes, history or access log', () => {
    expect(permissionsFor('substitute')).toEqual({ ...VIEW_ONLY, acknowledgePlan: true, logImplementation: true });
  });

  it('a co-teacher edits and sees the history, but neither deletes, shares nor reads the access log', () => {
    expect(permissionsFor('co-teacher')).toEqual({
      ...VIEW_ONLY,
      edit: true,
      seePrivate: true,
      seeShares: true,
      seeHistory: true,
      acknowledgePlan: true,
      logImplementation: true,
    });
  });

  it('an auditor reads the full record (the plan record’s impairment and consent too), its history and access log, and changes (or acknowledges) nothing', () => {
    expect(permissionsFor('auditor')).toEqual({ ...VIEW_ONLY, seePrivate: true, seeHistory: true, seeAccessLog: true, exportHearingPacket: true, seePlanRecord: true });
  });

  it('an archived student (its owner’s Premium ended) is read as before by every role, and changed by none', () => {
    const read = { ...VIEW_ONLY, seePrivate: true, seeShares: true, seeHistory: true, acknowledgePlan: true };
    expect(permissionsFor('owner', true)).toEqual({ ...read, seeAccessLog: true, exportHearingPacket: true, seePlanRecord: true });
    expect(permissionsFor('co-teacher', true)).toEqual(read);
  });

  it('a student without an access field is the caller’s own (a server before sharing existed)', () => {
    expect(Object.values(permissionsFor(undefined)).every(Boolean)).toBe(true);
  });
});

describe('a role in a sentence', () => {
  it('reads "an auditor", "a co-teacher", "a substitute"', () => {
    expect((['auditor', 'co-teacher', 'substitute'] as const).map(roleWithArticle)).toEqual(['an auditor', 'a co-teacher', 'a substitute']);
  });
});
