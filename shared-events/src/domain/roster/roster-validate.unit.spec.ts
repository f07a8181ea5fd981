import { describe, expect, it } from 'vitest';
import { oneRoster11, oneRoster12, tablesOf, withLines } from '../testing/roster-fixtures.ts';
import { gradeFromRoster } from './roster-data.ts';
import { validateRoster, type KnownRecords } from './roster-validate.ts';

const validate = (files: Record<string, string>, known?: KnownRecords) => validateRoster(tablesOf(files), known);

describe('reading a OneRoster zip', () => {
  it('tells 1.1 from 1.2 by manifest.csv, and reads both into the same records', () => {
    const v11 = validate(oneRoster11());
    const v12 = validate(oneRoster12());
    expect(v11.errors).toEqual([]);
    expect(v12.errors).toEqual([]);
    expect(v11.data?.version).toBe('1.1');
    expect(v12.data?.version).toBe('1.2');
    for (const data of [v11.data, v12.data]) {
      expect(data?.schools.map((school) => school.name)).toEqual(['Lincoln Elementary', 'Roosevelt Middle']);
      expect(data?.staff.map(({ email, role, schoolSourcedIds }) => ({ email, role, schoolSourcedIds }))).toEqual([
        { email: 'maria.lopez@lakeside.test', role: 'teacher', schoolSourcedIds: ['s-2'] },
        { email: 'dana.prince@lakeside.test', role: 'admin', schoolSourcedIds: ['s-1'] },
      ]);
      expect(data?.classes[0]).toMatchObject({ title: 'Algebra I - P3', subject: 'Algebra I', period: '3', room: 'Room 12', term: { start: '2026-08-20', end: '2027-06-10' } });
    }
  });

  it('keeps of a student only the first name (or preferred given name), the family initial, the grade and the school', () => {
    expect(validate(oneRoster11()).data?.students).toEqual([
      { sourcedId: 'u-s1', firstName: 'Ava', lastInitial: 'M', grade: '8', schoolSourcedId: 's-2' },
      { sourcedId: 'u-s2', firstName: 'Benjamin', lastInitial: 'Y', grade: 'K', schoolSourcedId: 's-1' },
    ]);
    expect(validate(oneRoster12()).data?.students[1]).toEqual({ sourcedId: 'u-s2', firstName: 'Ben', lastInitial: 'Y', grade: 'K', schoolSourcedId: 's-1' });
  });

  it('maps KG to K and 01..12 to 1..12, and keeps no other grade', () => {
    expect(['KG', '01', '09', '12', 'PK', '13', ''].map(gradeFromRoster)).toEqual(['K', '1', '9', '12', null, null, null]);
  });

  it('skips a guardian and an unknown role with a warning, and imports the rest', () => {
    const { errors, warnings, data } = validate(withLines(oneRoster11(), 'users.csv', 'u-x,active,,true,s-1,proctor,,,Pat,Doe,,,pat@lakeside.test,,,,,'));
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      { file: 'users.csv', line: 6, message: 'role guardian is not imported' },
      { file: 'users.csv', line: 7, message: 'role proctor is not imported' },
    ]);
    expect(data?.students).toHaveLength(2);
  });

  it('stops on a reference to nothing, naming the file and the line', () => {
    const { errors, data } = validate(withLines(oneRoster11(), 'enrollments.csv', 'e-4,active,,c-991,s-2,u-s1,student,false,,'));
    expect(data).toBeNull();
    expect(errors).toEqual([{ file: 'enrollments.csv', line: 5, message: 'classSourcedId c-991 is not in classes.csv' }]);
  });

  it('names a user’s row by its line, never by the student identifier that is its sourcedId', () => {
    const { errors } = validate(withLines(oneRoster11(), 'enrollments.csv', 'e-4,active,,c-1,s-2,u-404,student,false,,'));
    expect(errors).toEqual([{ file: 'enrollments.csv', line: 5, message: 'its userSourcedId is not in users.csv' }]);
    const twice = validate(withLines(oneRoster11(), 'users.csv', 'u-s1,active,,true,s-2,student,,,Ava,Martinez,,,,,,,08,'));
    expect(twice.errors).toEqual([{ file: 'users.csv', line: 7, message: 'this sourcedId is already on line 4' }]);
  });

  it('stops on a missing required column and on a duplicate sourcedId, listing every error', () => {
    const noTitle = oneRoster11({ 'classes.csv': 'sourcedId,schoolSourcedId\nc-1,s-2\n' });
    expect(validate(noTitle).errors).toContainEqual({ file: 'classes.csv', line: 1, message: 'classes.csv has no title column' });
    const twice = withLines(oneRoster11(), 'orgs.csv', 's-1,active,,Lincoln Again,school,,d-1');
    expect(validate(twice).errors).toEqual([{ file: 'orgs.csv', line: 5, message: 'sourcedId s-1 is already on line 3' }]);
  });

  it('refuses a zip without a manifest, or of another version', () => {
    const { 'manifest.csv': _manifest, ...rest } = oneRoster11();
    expect(validate(rest).errors).toEqual([{ file: 'manifest.csv', line: null, message: 'manifest.csv is missing: this is not a OneRoster zip' }]);
    const v10 = { ...oneRoster11(), 'manifest.csv': 'propertyName,value\noneroster.version,2.0\n' };
    expect(validate(v10).errors).toEqual([{ file: 'manifest.csv', line: 2, message: 'oneroster.version must be 1.1 or 1.2' }]);
  });

  it('lets a delta refer to records imported before, and lists its removals', () => {
    const delta = {
      'manifest.csv': 'propertyName,value\noneroster.version,1.1\nfile.users,delta\nfile.enrollments,delta\n',
      'users.csv': 'sourcedId,status,dateLastModified,orgSourcedIds,role,givenName,familyName,grades\nu-s1,tobedeleted,2026-09-01,,,,,\nu-s3,active,2026-09-01,s-2,student,Cy,Hill,07\n',
      'enrollments.csv': 'sourcedId,status,dateLastModified,classSourcedId,userSourcedId,role\ne-9,active,2026-09-01,c-1,u-s3,student\n',
    };
    expect(validate(delta).errors).toContainEqual({ file: 'enrollments.csv', line: 2, message: 'classSourcedId c-1 is not in classes.csv' });
    const known: KnownRecords = { has: (kind, id) => (kind === 'school' && id === 's-2') || (kind === 'class' && id === 'c-1') };
    const { errors, data } = validate(delta, known);
    expect(errors).toEqual([]);
    expect(data?.modes).toMatchObject({ users: 'delta', enrollments: 'delta', classes: 'absent' });
    expect(data?.removedUsers).toEqual(['u-s1']);
    expect(data?.students.map((student) => student.grade)).toEqual(['7']);
  });

  it('keeps the first hundred warnings and errors, and counts them all', () => {
    const guardians = Array.from({ length: 250 }, (_, n) => `u-g${n + 10},active,,true,s-1,guardian,g${n},,Gail,Martinez,,,g${n}@home.test,,,u-s1,,`);
    const warned = validate(withLines(oneRoster11(), 'users.csv', ...guardians));
    expect(warned.data).not.toBeNull();
    expect(warned.warnings).toHaveLength(100);
    expect(warned.warningCount).toBe(251);
    const badRefs = Array.from({ length: 150 }, (_, n) => `e-x${n},active,,c-missing,s-1,u-s1,student,false,,`);
    const refused = validate(withLines(oneRoster11(), 'enrollments.csv', ...badRefs));
    expect(refused.data).toBeNull();
    expect(refused.errors).toHaveLength(100);
    expect(refused.errorCount).toBe(150);
  });

  it('skips a student whose name the API would refuse (a line break in it) with a warning, by the API field rules', () => {
    const files = oneRoster11();
    const broken = { ...files, 'users.csv': files['users.csv']!.replace('amart,,Ava,Martinez', 'amart,,"Ava\u2028Rose",Martinez') };
    const read = validate(broken);
    expect(read.data?.students.map((student) => student.sourcedId)).toEqual(['u-s2']);
    expect(read.warnings).toContainEqual({ file: 'users.csv', line: 4, message: 'the student\u2019s name is not one the product accepts (one line of text): not imported' });
  });

  it('refuses a school whose name the API would refuse (a line break in it), so nothing is written', () => {
    const files = oneRoster11();
    const broken = { ...files, 'orgs.csv': files['orgs.csv']!.replace('Roosevelt Middle', 'Roosevelt\u2028Middle') };
    const read = validate(broken);
    expect(read.data).toBeNull();
    expect(read.errors.map((issue) => ({ file: issue.file, message: issue.message }))).toContainEqual({
      file: 'orgs.csv',
      message: 'the school\u2019s name is not one the product accepts (one line of text)',
    });
  });
});
