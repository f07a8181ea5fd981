import type { RosterTable, RosterTables } from '../roster/roster-manifest.ts';

// OneRoster zips for specs, as CSV text per file: a small district (two schools, a teacher, a principal, two students,
// a guardian), in 1.1 and 1.2. Specs change a file by replacing its text or appending lines.

export type RosterFiles = Record<string, string>;

const lines = (...rows: string[]) => `${rows.join('\n')}\n`;

const manifest = (version: '1.1' | '1.2', mode: 'bulk' | 'delta', files: string[]) =>
  lines('propertyName,value', 'manifest.version,1.0', `oneroster.version,${version}`, ...files.map((file) => `file.${file},${mode}`), 'file.demographics,absent');

const COMMON: RosterFiles = {
  'orgs.csv': lines(
    'sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId',
    'd-1,active,2026-08-01,Lakeside USD,district,,',
    's-1,active,2026-08-01,Lincoln Elementary,school,,d-1',
    's-2,active,2026-08-01,Roosevelt Middle,school,,d-1',
  ),
  'academicSessions.csv': lines(
    'sourcedId,status,dateLastModified,title,type,startDate,endDate,parentSourcedId,schoolYear',
    't-1,active,2026-08-01,Fall 2026,semester,2026-08-20,2026-12-18,,2027',
    't-2,active,2026-08-01,Spring 2027,semester,2027-01-05,2027-06-10,,2027',
  ),
  'courses.csv': lines('sourcedId,status,dateLastModified,schoolYearSourcedId,title,courseCode,grades,orgSourcedId,subjects,subjectCodes', 'co-1,active,,,Algebra I,ALG1,08,s-2,Math,'),
  'classes.csv': lines(
    'sourcedId,status,dateLastModified,title,grades,courseSourcedId,classCode,classType,location,schoolSourcedId,termSourcedIds,subjects,subjectCodes,periods',
    'c-1,active,,Algebra I - P3,08,co-1,ALG1-3,scheduled,Room 12,s-2,"t-1,t-2",Math,,3',
    'c-2,active,,Kindergarten A,KG,,,homeroom,Room 1,s-1,t-1,,,1',
  ),
  'enrollments.csv': lines(
    'sourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role,primary,beginDate,endDate',
    'e-1,active,,c-1,s-2,u-t1,teacher,true,,',
    'e-2,active,,c-1,s-2,u-s1,student,false,,',
    'e-3,active,,c-2,s-1,u-s2,student,false,,',
  ),
};

/** 1.1: role and orgSourcedIds in users.csv. */
export function oneRoster11(overrides: RosterFiles = {}, mode: 'bulk' | 'delta' = 'bulk'): RosterFiles {
  return {
    'manifest.csv': manifest('1.1', mode, ['orgs', 'academicSessions', 'courses', 'classes', 'users', 'enrollments']),
    ...COMMON,
    'users.csv': lines(
      'sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password',
      'u-t1,active,,true,s-2,teacher,mlopez,,Maria,Lopez,,T100,Maria.Lopez@lakeside.test,,,,,',
      'u-a1,active,,true,s-1,administrator,dprince,,Dana,Prince,,A100,dana.prince@lakeside.test,,,,,',
      'u-s1,active,,true,s-2,student,amart,,Ava,Martinez,,S100,ava.martinez@students.lakeside.test,,,,08,',
      'u-s2,active,,true,s-1,student,byoung,,Benjamin,young,,S101,,,,,KG,',
      'u-g1,active,,true,s-1,guardian,gmart,,Gail,Martinez,,,gail@home.test,,,u-s1,,',
    ),
    ...overrides,
  };
}

/** 1.2: roles.csv, preferredGivenName and primaryOrgSourcedId. */
export function oneRoster12(overrides: RosterFiles = {}, mode: 'bulk' | 'delta' = 'bulk'): RosterFiles {
  return {
    'manifest.csv': manifest('1.2', mode, ['orgs', 'academicSessions', 'courses', 'classes', 'users', 'roles', 'enrollments']),
    ...COMMON,
    'users.csv': lines(
      'sourcedId,status,dateLastModified,enabledUser,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password,userMasterIdentifier,preferredGivenName,preferredMiddleName,preferredFamilyName,primaryOrgSourcedId,pronouns',
      'u-t1,active,,true,mlopez,,Maria,Lopez,,T100,maria.lopez@lakeside.test,,,,,,,,,,s-2,',
      'u-a1,active,,true,dprince,,Dana,Prince,,A100,dana.prince@lakeside.test,,,,,,,,,,s-1,',
      'u-s1,active,,true,amart,,Ava,Martinez,,S100,,,,,08,,,,,,s-2,',
      'u-s2,active,,true,byoung,,Benjamin,Young,,S101,,,,,KG,,,Ben,,,s-1,',
      'u-g1,active,,true,gmart,,Gail,Martinez,,,gail@home.test,,,u-s1,,,,,,,,',
    ),
    'roles.csv': lines(
      'sourcedId,status,dateLastModified,userSourcedId,roleType,role,beginDate,endDate,orgSourcedId,userProfileSourcedId',
      'r-1,active,,u-t1,primary,teacher,,,s-2,',
      'r-2,active,,u-a1,primary,principal,,,s-1,',
      'r-3,active,,u-s1,primary,student,,,s-2,',
      'r-4,active,,u-s2,primary,student,,,s-1,',
      'r-5,active,,u-g1,primary,guardian,,,s-1,',
    ),
    ...overrides,
  };
}

/** Lines appended to one file of the fixture (a spec's extra rows). */
export const withLines = (files: RosterFiles, file: string, ...extra: string[]): RosterFiles => ({ ...files, [file]: `${files[file] ?? ''}${lines(...extra)}` });

/**
 * The tables a CSV parser makes of the fixture, for the domain's specs (the job's specs read real zips with the real
 * parser): a comma splits unless inside double quotes; no quoted line breaks in the fixtures.
 */
export function tablesOf(files: RosterFiles): RosterTables {
  const split = (line: string) => (line.match(/("([^"]|"")*"|[^,]*)(,|$)/g) ?? []).slice(0, -1).map((cell) => cell.replace(/,$/, '').replace(/^"(.*)"$/, '$1').replaceAll('""', '"'));
  const tables = new Map<string, RosterTable>();
  for (const [file, text] of Object.entries(files)) {
    const [header = '', ...rest] = text.split('\n');
    const columns = split(header);
    const rows = rest.flatMap((line, index) =>
      line === '' ? [] : [{ line: index + 2, values: Object.fromEntries(split(line).map((cell, at) => [columns[at] ?? `column${at}`, cell])) }],
    );
    tables.set(file, { columns, rows });
  }
  return tables;
}
