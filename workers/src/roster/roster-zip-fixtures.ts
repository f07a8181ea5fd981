import { strToU8, zipSync, type Zippable } from 'fflate';
import type { RosterFiles } from '@accommodate/shared-events/domain/testing/roster-fixtures';

/** A spec's OneRoster zip: each file's text as UTF-8 (or the bytes given), deflated as an SIS exports them. */
export function rosterZip(files: RosterFiles, raw: Record<string, Uint8Array> = {}): Buffer {
  const entries: Zippable = {};
  for (const [name, text] of Object.entries(files)) entries[name] = strToU8(text);
  for (const [name, bytes] of Object.entries(raw)) entries[name] = bytes;
  return Buffer.from(zipSync(entries, { level: 6 }));
}

/**
 * The zip with one entry's sizes in the central directory (what a reader sees before it unpacks anything) set to
 * `declared`: how a spec makes an entry that says it unpacks to hundreds of megabytes without building one. The local
 * header and the data stay as they were, so nothing past the entry's header can be read.
 */
export function withDeclaredSizes(zip: Buffer, name: string, declared: { compressed: number; uncompressed: number }): Buffer {
  const patched = Buffer.from(zip);
  const endOfDirectory = patched.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = patched.readUInt32LE(endOfDirectory + 16);
  while (patched.readUInt32LE(at) === 0x02014b50) {
    const nameLength = patched.readUInt16LE(at + 28);
    const entryEnd = at + 46 + nameLength + patched.readUInt16LE(at + 30) + patched.readUInt16LE(at + 32);
    if (patched.toString('utf8', at + 46, at + 46 + nameLength) === name) {
      patched.writeUInt32LE(declared.compressed, at + 20);
      patched.writeUInt32LE(declared.uncompressed, at + 24);
      return patched;
    }
    at = entryEnd;
  }
  throw new Error(`${name} is not in the zip`);
}

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
