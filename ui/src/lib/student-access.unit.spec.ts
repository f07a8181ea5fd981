import { describe, expect, it } from 'vitest';
import { permissionsFor } from './student-access.ts';

describe('what each access may do on a student', () => {
  it('a substitute may not edit, delete, share, nor see parent information, notes or documents', () => {
    expect(permissionsFor('substitute')).toEqual({ edit: false, delete: false, share: false, seePrivate: false, seeShares: false });
  });

  it('a co-teacher edits but neither deletes nor shares', () => {
    expect(permissionsFor('co-teacher')).toMatchObject({ edit: true, delete: false, share: false, seePrivate: true });
  });

  it('an auditor only views, with the full record', () => {
    expect(permissionsFor('auditor')).toMatchObject({ edit: false, delete: false, share: false, seePrivate: true });
  });

  it('a student without an access field is the caller’s own (a server before sharing existed)', () => {
    expect(permissionsFor(undefined)).toMatchObject({ edit: true, delete: true, share: true });
  });
});
