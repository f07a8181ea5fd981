import { strToU8, zipSync } from 'fflate';

export interface RosterSize {
  schools: number;
  students: number;
  teachers: number;
  classes: number;
  enrollments: number;
}

/**
 * A OneRoster 1.1 bulk zip of a district of that size: each class at one school with one teacher of it, its students
 * from that school; enrollments spread evenly. Rows: what the import reads (orgs, sessions, classes, users, enrollments).
 */
export function oneRosterZip(size: RosterSize): { zip: Buffer; rows: number } {
  const orgs = ['sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId', 'd-1,active,,Bench USD,district,,'];
  for (let s = 0; s < size.schools; s += 1) orgs.push(`s-${s},active,,School ${s},school,,d-1`);
  const sessions = ['sourcedId,status,dateLastModified,title,type,startDate,endDate,parentSourcedId,schoolYear', 't-1,active,,Year,schoolYear,2026-08-20,2027-06-10,,2027'];
  const users = ['sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password'];
  for (let t = 0; t < size.teachers; t += 1) users.push(`t-${t},active,,true,s-${t % size.schools},teacher,,,Teacher,Number${t},,,teacher${t}@bench.test,,,,,`);
  for (let n = 0; n < size.students; n += 1) users.push(`u-${n},active,,true,s-${n % size.schools},student,,,Student${n},Family,,,,,,,${String((n % 12) + 1).padStart(2, '0')},`);
  const classes = ['sourcedId,status,dateLastModified,title,grades,courseSourcedId,classCode,classType,location,schoolSourcedId,termSourcedIds,subjects,subjectCodes,periods'];
  for (let c = 0; c < size.classes; c += 1) classes.push(`c-${c},active,,Class ${c},,,,scheduled,Room ${c % 40},s-${c % size.schools},t-1,Math,,${(c % 7) + 1}`);
  const enrollments = ['sourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role,primary,beginDate,endDate'];
  const studentsPerSchool = Math.floor(size.students / size.schools);
  const perClass = Math.floor(size.enrollments / size.classes);
  for (let c = 0; c < size.classes; c += 1) {
    const school = c % size.schools;
    enrollments.push(`e-t${c},active,,c-${c},s-${school},t-${(c % Math.floor(size.teachers / size.schools)) * size.schools + school},teacher,true,,`);
    for (let k = 0; k < perClass - 1; k += 1) {
      const student = ((c * 7 + k) % studentsPerSchool) * size.schools + school;
      enrollments.push(`e-${c}-${k},active,,c-${c},s-${school},u-${student},student,false,,`);
    }
  }
  const manifest = ['propertyName,value', 'oneroster.version,1.1', ...['orgs', 'academicSessions', 'classes', 'users', 'enrollments'].map((file) => `file.${file},bulk`)];
  const files = { 'manifest.csv': manifest, 'orgs.csv': orgs, 'academicSessions.csv': sessions, 'users.csv': users, 'classes.csv': classes, 'enrollments.csv': enrollments };
  const zip = Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([name, lines]) => [name, strToU8(`${lines.join('\n')}\n`)])), { level: 1 }));
  const rows = Object.values(files).reduce((sum, lines) => sum + lines.length - 1, 0);
  return { zip, rows };
}
