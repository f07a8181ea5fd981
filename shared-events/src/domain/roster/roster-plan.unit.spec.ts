import { describe, expect, it } from 'vitest';
import { oneRoster11, oneRoster12, tablesOf, withLines, type RosterFiles } from '../testing/roster-fixtures.ts';
import { fold } from '../decider.ts';
import { studentDecider } from '../student/decide-student.ts';
import { classDecider } from '../class/decide-class.ts';
import { schoolDecider } from '../school/decide-school.ts';
import type { SchoolEvent } from '../../events/district-events.ts';
import type { StudentEvent } from '../../events/student-events.ts';
import type { ClassEvent } from '../../events/class-events.ts';
import { classRoleOf } from '../class/class-access.ts';
import { validateRoster } from './roster-validate.ts';
import { NO_LINKS, planRoster, type RosterLinks } from './roster-plan.ts';
import { addSummary, emptySummary, type RecordedEvent } from './roster-work.ts';

/** A district's log in memory: the streams the import writes, and what earlier imports linked. */
function district(accounts: ReadonlyMap<string, string> = new Map([['maria.lopez@lakeside.test', 'maria']])) {
  const streams = new Map<string, RecordedEvent[]>();
  let links: RosterLinks = NO_LINKS;
  /** Where each address teaches or is invited, as the job finds it in the read model. */
  const classesByTeacherEmail = () => {
    const byEmail = new Map<string, string[]>();
    for (const [stream, events] of streams) {
      const state = stream.startsWith('class-') ? fold(classDecider, events as ClassEvent[]) : null;
      if (!state || state.status === 'absent') continue;
      for (const { email } of Object.values(state.teachers)) byEmail.set(email, [...(byEmail.get(email) ?? []), stream.slice('class-'.length)]);
    }
    return byEmail;
  };
  return {
    streams,
    /** The streams the last import read. */
    read: [] as string[],
    importZip(files: RosterFiles, options: { dryRun?: boolean } = {}) {
      const staffUsers = links.staff.map((key) => key.slice(key.indexOf('|') + 1));
      const known = { has: (kind: string, id: string) => [...links.schools, ...links.classes, ...links.students, ...staffUsers].includes(`${kind === 'user' ? 'user' : kind}:${id}`) };
      const { data, errors } = validateRoster(tablesOf(files), known);
      expect(errors).toEqual([]);
      if (!data) throw new Error('invalid');
      const plan = planRoster(data, {
        districtId: 'd',
        importerId: 'dana',
        idFor: (kind, sourcedId) => `${kind}:${sourcedId}`,
        accounts,
        staffEmails: new Map([['user:u-t1', 'maria.lopez@lakeside.test']]),
        classesByTeacherEmail: classesByTeacherEmail(),
        previous: links,
      });
      const summary = emptySummary();
      this.read = [];
      for (const phase of plan.phases) {
        for (const work of phase) {
          this.read.push(work.stream);
          const { events, summary: counted } = work.decide(streams.get(work.stream) ?? []);
          if (!options.dryRun) streams.set(work.stream, [...(streams.get(work.stream) ?? []), ...events]);
          addSummary(summary, counted);
        }
      }
      if (!options.dryRun) links = plan.links;
      return summary;
    },
    student(sourcedId: string) {
      return fold(studentDecider, (streams.get(`student-user:${sourcedId}`) ?? []) as StudentEvent[]);
    },
    class(sourcedId: string) {
      return fold(classDecider, (streams.get(`class-class:${sourcedId}`) ?? []) as ClassEvent[]);
    },
  };
}

describe('importing a roster through the deciders', () => {
  it('creates schools, staff, students, classes with their teachers and enrolment, and a second import changes nothing', () => {
    const lakeside = district();
    const first = lakeside.importZip(oneRoster11());
    expect(first).toMatchObject({
      schools: { created: 2 },
      staff: { created: 2 },
      students: { created: 2 },
      classes: { created: 2 },
      enrollments: { created: 3 },
    });
    expect(lakeside.student('u-s1')).toMatchObject({ status: 'present', ownerId: null, schoolId: 'school:s-2', details: { firstName: 'Ava', lastInitial: 'M', grade: '8', parentEmail: null } });
    const algebra = lakeside.class('c-1');
    expect(algebra).toMatchObject({ status: 'active', ownerId: null, schoolId: 'school:s-2', studentIds: ['user:u-s1'], details: { name: 'Algebra I - P3', termStart: '2026-08-20' } });
    // Maria has an account that proved her address: she teaches the class at once.
    expect(algebra.status !== 'absent' && Object.values(algebra.teachers)).toMatchObject([{ email: 'maria.lopez@lakeside.test', granteeUserId: 'maria', status: 'active', lead: true }]);

    const again = lakeside.importZip(oneRoster11());
    for (const tally of Object.values(again)) expect(tally).toMatchObject({ created: 0, updated: 0, deactivated: 0 });
    expect(again.students.unchanged).toBe(2);
    expect(again.classes.unchanged).toBe(2);
  });

  it('makes classes the school\'s: the SIS\'s primary teacher leads, the others co-teach, and the importing admin teaches only where the SIS says so', () => {
    const lakeside = district(new Map([['maria.lopez@lakeside.test', 'maria'], ['sam.okafor@lakeside.test', 'sam'], ['dana.prince@lakeside.test', 'dana']]));
    const files = withLines(
      oneRoster11(),
      'users.csv',
      'u-t2,active,,true,s-2,teacher,sokafor,,Sam,Okafor,,T101,sam.okafor@lakeside.test,,,,,',
      'u-t3,active,,true,s-2,teacher,tnew,,Tia,New,,T102,tia.new@lakeside.test,,,,,',
    );
    // Sam is listed first on Algebra but not as primary, and Tia has not signed in yet; Dana, the admin importing, is
    // named a teacher of Kindergarten A.
    const enrollments =
      files['enrollments.csv']!.replace('\ne-1,', '\ne-0,active,,c-1,s-2,u-t2,teacher,false,,\ne-1,') + 'e-4,active,,c-2,s-1,u-a1,teacher,false,,\ne-5,active,,c-1,s-2,u-t3,teacher,false,,\n';
    lakeside.importZip({ ...files, 'enrollments.csv': enrollments });
    const algebra = lakeside.class('c-1');
    if (algebra.status === 'absent') throw new Error('no class');
    expect(algebra.ownerId).toBeNull();
    expect(classRoleOf(algebra, 'maria')).toBe('owner');
    expect(classRoleOf(algebra, 'sam')).toBe('teacher');
    expect(classRoleOf(algebra, 'dana')).toBeNull();
    expect(Object.values(algebra.teachers).find((teacher) => teacher.email === 'tia.new@lakeside.test')).toMatchObject({ status: 'pending', granteeUserId: null });
    const kindergarten = lakeside.class('c-2');
    if (kindergarten.status === 'absent') throw new Error('no class');
    // The SIS's only teacher of the class leads it, though not marked primary.
    expect(classRoleOf(kindergarten, 'dana')).toBe('owner');
  });

  it('renames a school the SIS renamed, in place, keeping its staff', () => {
    const lakeside = district();
    lakeside.importZip(oneRoster11());
    const files = oneRoster11();
    const summary = lakeside.importZip({ ...files, 'orgs.csv': files['orgs.csv']!.replace('Roosevelt Middle', 'Roosevelt Middle School') });
    expect(summary.schools).toEqual({ created: 0, updated: 1, deactivated: 0, unchanged: 1 });
    const school = fold(schoolDecider, (lakeside.streams.get('school-school:s-2') ?? []) as SchoolEvent[]);
    expect(school).toMatchObject({ status: 'present', name: 'Roosevelt Middle School' });
    expect(school.status === 'present' && Object.keys(school.staff).length).toBeGreaterThan(0);
  });

  it('writes nothing in a dry run, and reports what the import would do', () => {
    const lakeside = district();
    expect(lakeside.importZip(oneRoster12(), { dryRun: true }).students.created).toBe(2);
    expect(lakeside.streams.size).toBe(0);
  });

  it('updates a student in place, keeping their accommodations, and deactivates one absent from a bulk file', () => {
    const lakeside = district();
    lakeside.importZip(oneRoster11());
    const stream = 'student-user:u-s1';
    lakeside.streams.set(stream, [...(lakeside.streams.get(stream) ?? []), { type: 'StudentAccommodationsChanged', data: { studentId: 'user:u-s1', added: ['extended-time'], removed: [] } }]);
    const files = oneRoster11();
    const promoted = files['users.csv']!.replace('S100,ava.martinez@students.lakeside.test,,,,08', 'S100,,,,,09').replace(/\nu-s2,[^\n]*/, '');
    const summary = lakeside.importZip({ ...files, 'users.csv': promoted, 'enrollments.csv': files['enrollments.csv']!.replace(/\ne-3,[^\n]*/, '') });
    expect(summary.students).toEqual({ created: 0, updated: 1, deactivated: 1, unchanged: 0 });
    expect(lakeside.student('u-s1')).toMatchObject({ details: { grade: '9' }, accommodationIds: ['extended-time'] });
    expect(lakeside.student('u-s2')).toMatchObject({ status: 'present', details: { status: 'inactive' } });
    expect(summary.enrollments.deactivated).toBe(1);
  });

  it('follows a delta: a tobedeleted class is archived and a tobedeleted user deactivated, the rest untouched', () => {
    const lakeside = district();
    lakeside.importZip(oneRoster11());
    const delta = {
      'manifest.csv': 'propertyName,value\noneroster.version,1.1\nfile.classes,delta\nfile.users,delta\n',
      'classes.csv': 'sourcedId,status,dateLastModified,title,schoolSourcedId\nc-2,tobedeleted,2026-09-01,,s-1\n',
      'users.csv': 'sourcedId,status,dateLastModified,orgSourcedIds,role,givenName,familyName,grades\nu-t1,tobedeleted,2026-09-01,,,,,\n',
    };
    const summary = lakeside.importZip(delta);
    expect(summary.classes).toEqual({ created: 0, updated: 0, deactivated: 1, unchanged: 0 });
    expect(summary.staff.deactivated).toBe(1);
    expect(lakeside.class('c-2').status).toBe('archived');
    expect(lakeside.class('c-1').status).toBe('active');
    expect(lakeside.student('u-s1')).toMatchObject({ details: { status: 'active' } });
  });

  it('takes a teacher the SIS no longer names off the class: absent from a bulk enrollments.csv (counted by a dry run too), or tobedeleted in a delta', () => {
    const teachers = (lakeside: ReturnType<typeof district>) => {
      const algebra = lakeside.class('c-1');
      return algebra.status === 'absent' ? [] : Object.values(algebra.teachers).map((teacher) => teacher.email);
    };
    const bulk = district();
    bulk.importZip(oneRoster11());
    // A co-teacher the school invited by hand: the SIS never named her, so no import takes her off.
    const handInvited: ClassEvent = { type: 'ClassTeacherInvited', data: { classId: 'class:c-1', teacherId: 'by-hand', email: 'cora@lakeside.test', granteeUserId: 'cora', invitedBy: 'dana' } };
    bulk.streams.get('class-class:c-1')!.push(handInvited);
    const files = oneRoster11();
    const withoutMaria = { ...files, 'enrollments.csv': files['enrollments.csv']!.replace(/\ne-1,[^\n]*/, '') };
    expect(bulk.importZip(withoutMaria, { dryRun: true }).enrollments).toMatchObject({ deactivated: 1 });
    expect(teachers(bulk)).toEqual(['maria.lopez@lakeside.test', 'cora@lakeside.test']);
    expect(bulk.importZip(withoutMaria).enrollments).toMatchObject({ created: 0, deactivated: 1 });
    expect(teachers(bulk)).toEqual(['cora@lakeside.test']);
    expect(bulk.importZip(withoutMaria).enrollments).toMatchObject({ deactivated: 0 });
    // Named again, she is invited again.
    expect(bulk.importZip(oneRoster11()).enrollments).toMatchObject({ created: 1 });
    expect(teachers(bulk)).toContain('maria.lopez@lakeside.test');

    const delta = district();
    delta.importZip(oneRoster11());
    // Her users.csv row is not sent again: the import knows her address from the staff it made.
    const leaving = {
      'manifest.csv': 'propertyName,value\noneroster.version,1.1\nfile.enrollments,delta\n',
      'enrollments.csv': 'sourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role,primary,beginDate,endDate\ne-1,tobedeleted,2026-09-01,c-1,s-2,u-t1,teacher,true,,\n',
    };
    expect(delta.importZip(leaving).enrollments).toMatchObject({ deactivated: 1 });
    expect(teachers(delta)).toEqual([]);
    expect(delta.class('c-1')).toMatchObject({ studentIds: ['user:u-s1'] });
  });

  it('takes a teacher who leaves the SIS off the classes the roster made them a teacher of, though enrollments.csv is not sent, reading only those classes', () => {
    const emails = (lakeside: ReturnType<typeof district>, sourcedId: string) => {
      const state = lakeside.class(sourcedId);
      return state.status === 'absent' ? [] : Object.values(state.teachers).map((teacher) => teacher.email);
    };
    const maria = 'maria.lopez@lakeside.test';
    const lakeside = district();
    lakeside.importZip(oneRoster11());
    // The school invited Maria to Kindergarten A by hand: the SIS never made her its teacher, so no import takes her off.
    const byHand: ClassEvent = { type: 'ClassTeacherInvited', data: { classId: 'class:c-2', teacherId: 'by-hand', email: maria, granteeUserId: 'maria', invitedBy: 'dana' } };
    lakeside.streams.get('class-class:c-2')!.push(byHand);

    const unrelated = {
      'manifest.csv': 'propertyName,value\noneroster.version,1.1\nfile.users,delta\n',
      'users.csv': 'sourcedId,status,dateLastModified,orgSourcedIds,role,givenName,familyName,grades\nu-s1,active,2026-09-01,s-2,student,Ava,Martinez,09\n',
    };
    expect(lakeside.importZip(unrelated).students.updated).toBe(1);
    // Nobody left: no class stream is read.
    expect(lakeside.read.filter((stream) => stream.startsWith('class-'))).toEqual([]);

    const leaves = { ...unrelated, 'users.csv': 'sourcedId,status,dateLastModified,orgSourcedIds,role,givenName,familyName,grades\nu-t1,tobedeleted,2026-09-01,,,,,\n' };
    expect(lakeside.importZip(leaves, { dryRun: true })).toMatchObject({ staff: { deactivated: 1 }, enrollments: { deactivated: 1 } });
    expect(emails(lakeside, 'c-1')).toEqual([maria]);
    expect(lakeside.importZip(leaves)).toMatchObject({ staff: { deactivated: 1 }, enrollments: { created: 0, deactivated: 1 } });
    expect(lakeside.read.filter((stream) => stream.startsWith('class-')).sort()).toEqual(['class-class:c-1', 'class-class:c-2']);
    expect(emails(lakeside, 'c-1')).toEqual([]);
    expect(emails(lakeside, 'c-2')).toEqual([maria]);
    expect(lakeside.class('c-1')).toMatchObject({ studentIds: ['user:u-s1'] });
    const again = lakeside.importZip(leaves);
    for (const tally of Object.values(again)) expect(tally).toMatchObject({ created: 0, updated: 0, deactivated: 0 });
    expect(lakeside.read.filter((stream) => stream.startsWith('class-'))).toEqual([]);
  });

  it('takes a teacher a bulk users.csv leaves out off their classes when enrollments.csv is not sent', () => {
    const lakeside = district();
    lakeside.importZip(oneRoster11());
    const files = oneRoster11();
    const withoutMaria = {
      'manifest.csv': 'propertyName,value\noneroster.version,1.1\nfile.orgs,bulk\nfile.users,bulk\n',
      'orgs.csv': files['orgs.csv']!,
      'users.csv': files['users.csv']!.replace(/\nu-t1,[^\n]*/, ''),
    };
    expect(lakeside.importZip(withoutMaria)).toMatchObject({ staff: { deactivated: 1 }, enrollments: { deactivated: 1 } });
    expect(lakeside.class('c-1')).toMatchObject({ status: 'active', teachers: {}, studentIds: ['user:u-s1'] });
  });

  it('brings back a student who returns to the SIS', () => {
    const lakeside = district();
    lakeside.importZip(oneRoster11());
    const files = oneRoster11();
    lakeside.importZip({ ...files, 'users.csv': files['users.csv']!.replace(/\nu-s2,[^\n]*/, '') });
    expect(lakeside.importZip(withLines(oneRoster11(), 'orgs.csv')).students).toMatchObject({ updated: 1 });
    expect(lakeside.student('u-s2')).toMatchObject({ details: { status: 'active' } });
  });
});
