import { describe, expect, it } from 'vitest';
import { permissionsFor, roleWithArticle } from './student-access.ts';

describe('what each access may do on a student', () => {
  it('a substitute only views: no edits, uploads, notes, history or access log', () => {
    expect(permissionsFor('substitute')).toEqual({
      edit: false,
      delete: false,
      share: false,
      seePrivate: false,
      seeShares: false,
      seeHistory: false,
      seeAccessLog: false,
    });
  });

  it('a co-teacher edits and sees the history, but neither deletes, shares nor reads the access log', () => {
    expect(permissionsFor('co-teacher')).toEqual({
      edit: true,
      delete: false,
      share: false,
      seePrivate: true,
      seeShares: true,
      seeHistory: true,
      seeAccessLog: false,
    });
  });

  it('an auditor reads the full record, its history and access log, and changes nothing', () => {
    expect(permissionsFor('auditor')).toEqual({
      edit: false,
      delete: false,
      share: false,
      seePrivate: true,
      seeShares: false,
      seeHistory: true,
      seeAccessLog: true,
    });
  });

  it('a student without an access field is the caller’s own (a server before sharing existed)', () => {
    expect(permissionsFor(undefined)).toMatchObject({ edit: true, delete: true, share: true, seeHistory: true, seeAccessLog: true });
  });
});

describe('a role in a sentence', () => {
  it('reads "an auditor", "a co-teacher", "a substitute"', () => {
    expect(['auditor', 'co-teacher', 'substitute'].map((role) => roleWithArticle(role as 'auditor'))).toEqual(['an auditor', 'a co-teacher', 'a substitute']);
  });
});
