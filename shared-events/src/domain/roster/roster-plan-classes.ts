import { streamName } from '../../events/stream-name.ts';
import { classDecider, type ClassCommand } from '../class/decide-class.ts';
import type { ClassState } from '../class/class.ts';
import type { ClassDetails } from '../../schemas/class.ts';
import type { RosterClass, RosterData } from './roster-data.ts';
import type { RosterPlanContext } from './roster-context.ts';
import { streamWork, type RosterStep, type StreamWork } from './roster-work.ts';
import { ROWS_PER_STEP } from './roster-steps.ts';

interface ClassRoster {
  /** Students the file enrols (product ids). */
  enrolled: Set<string>;
  /** Students a delta takes out. */
  unenrolled: Set<string>;
  /** In file order, each address once. */
  teacherEmails: Set<string>;
  /** The first teacher enrolment marked primary, else none: the lead of a class the import creates. */
  primaryEmail: string | null;
  /** Teachers a delta takes off the class (status tobedeleted). */
  teachersLeaving: Set<string>;
}

const details = (row: RosterClass): ClassDetails => ({
  name: row.title,
  period: row.period,
  subject: row.subject,
  room: row.room,
  termStart: row.term?.start ?? null,
  termEnd: row.term?.end ?? null,
});


/** enrollments.csv by class: who is enrolled, who leaves, who teaches. */
function* rostersByClass(data: RosterData, context: RosterPlanContext, students: ReadonlySet<string>): Generator<void, Map<string, ClassRoster>> {
  const { idFor } = context;
  const known = new Set(context.previous.students);
  const emails = new Map(data.staff.map((member) => [member.sourcedId, member.email]));
  const emailOf = (sourcedId: string) => emails.get(sourcedId) ?? context.staffEmails.get(idFor('user', sourcedId));
  const byClass = new Map<string, ClassRoster>();
  for (const [index, enrollment] of data.enrollments.entries()) {
    if (index > 0 && index % ROWS_PER_STEP === 0) yield;
    const classId = idFor('class', enrollment.classSourcedId);
    const roster = byClass.get(classId) ?? { enrolled: new Set(), unenrolled: new Set(), teacherEmails: new Set(), primaryEmail: null, teachersLeaving: new Set() };
    byClass.set(classId, roster);
    if (enrollment.role === 'teacher') {
      const email = emailOf(enrollment.userSourcedId);
      if (email) (enrollment.status === 'active' ? roster.teacherEmails : roster.teachersLeaving).add(email);
      if (email && enrollment.status === 'active' && enrollment.primary) roster.primaryEmail ??= email;
      continue;
    }
    const studentId = idFor('user', enrollment.userSourcedId);
    if (!students.has(studentId) && !known.has(studentId)) continue;
    (enrollment.status === 'active' ? roster.enrolled : roster.unenrolled).add(studentId);
  }
  return byClass;
}

/** Who leaves a class's teachers besides what enrollments.csv says of it. */
interface TeacherDepartures {
  /** enrollments.csv is bulk: a teacher the roster put on a class it no longer lists leaves. */
  bulk: boolean;
  /** The addresses of staff the SIS no longer lists at all (departingStaff): they leave every class the roster gave them. */
  departing: ReadonlySet<string>;
}

/**
 * The class's teachers the SIS no longer names on it: those a delta marks tobedeleted, those the roster put there that
 * a bulk enrollments.csv no longer lists, and those the roster put there who have left the SIS. A co-teacher the school
 * invited by hand (an invitation the roster did not make) stays: the SIS never named them.
 */
function teachersLeaving(state: ClassState, classId: string, roster: ClassRoster | undefined, departures: TeacherDepartures, idFor: RosterPlanContext['idFor']): string[] {
  if (state.status === 'absent') return [];
  return Object.values(state.teachers).flatMap((teacher) => {
    if (roster?.teacherEmails.has(teacher.email)) return [];
    const removed = roster?.teachersLeaving.has(teacher.email) === true;
    const rosterMade = teacher.teacherId === idFor('classTeacher', `${classId}/${teacher.email}`);
    const unlisted = departures.bulk || departures.departing.has(teacher.email);
    return removed || (unlisted && rosterMade) ? [teacher.teacherId] : [];
  });
}

/** The teacher who leads a class the import creates: the first marked primary, else the first the SIS lists. */
const leadEmailOf = (roster: ClassRoster | undefined): string | null => roster?.primaryEmail ?? [...(roster?.teacherEmails ?? [])][0] ?? null;

/**
 * classes.csv and enrollments.csv → each class's stream: created or updated, its teachers invited, its enrolment set.
 * A class the import creates is the school's (no owner): its SIS teachers teach it, led by its primary teacher; the
 * admin who runs the import is nobody's teacher unless the SIS names her. The import acts for the district, which
 * oversees every class's school. In steps, as planRosterInSteps.
 */
export function* planClasses(
  data: RosterData,
  context: RosterPlanContext,
  students: ReadonlySet<string>,
  departing: ReadonlySet<string>,
): Generator<void, { work: StreamWork[]; links: string[] }> {
  const { idFor, importerId: userId } = context;
  const oversight = { userId, overseesSchool: true };
  const rows = new Map(data.classes.map((row) => [idFor('class', row.sourcedId), row]));
  const rosters = yield* rostersByClass(data, context, students);
  yield;
  const bulkClasses = data.modes.classes === 'bulk';
  const bulkEnrolment = data.modes.enrollments === 'bulk';
  const gone = new Set([
    ...data.classes.filter((row) => row.status === 'tobedeleted').map((row) => idFor('class', row.sourcedId)),
    ...(bulkClasses ? context.previous.classes.filter((id) => !rows.has(id)) : []),
  ]);
  const active = new Set([...(bulkClasses ? [] : context.previous.classes), ...[...rows].filter(([, row]) => row.status === 'active').map(([id]) => id)]);
  for (const id of gone) active.delete(id);
  // A departure reads only the classes the read model says the leaver's address is on, never the whole district.
  const leftBehind = [...departing].flatMap((email) => context.classesByTeacherEmail.get(email) ?? []).filter((id) => active.has(id));
  const classIds = new Set([...rows.keys(), ...gone, ...[...rosters.keys()].filter((id) => active.has(id)), ...(bulkEnrolment ? active : []), ...leftBehind]);
  const departures: TeacherDepartures = { bulk: bulkEnrolment, departing };
  yield;

  const work = [...classIds].map((classId) =>
    streamWork(classDecider, streamName('class', classId), 'classes.csv', (state): RosterStep<ClassCommand>[] => {
      const row = rows.get(classId);
      const steps: RosterStep<ClassCommand>[] = [];
      if (gone.has(classId)) {
        if (state.status === 'active') steps.push({ kind: 'classes', command: { type: 'ArchiveClass', classId, ...oversight }, change: 'deactivated' });
        else steps.push({ kind: 'classes', tally: { unchanged: 1 } });
        return steps;
      }
      if (row && state.status === 'absent') {
        const schoolId = idFor('school', row.schoolSourcedId);
        steps.push({ kind: 'classes', command: { type: 'CreateClass', classId, ownerId: null, schoolId, details: details(row) }, change: 'created' });
      } else if (row) {
        const { termStart, termEnd, ...rest } = details(row);
        // Without academicSessions.csv (a delta may leave it out) the term stays as it is.
        const changed = row.term === null ? rest : { ...rest, termStart, termEnd };
        steps.push({ kind: 'classes', command: { type: 'UpdateClass', classId, ...oversight, details: changed }, change: 'updated' });
      }
      const roster = rosters.get(classId);
      const leadEmail = leadEmailOf(roster);
      for (const email of roster?.teacherEmails ?? []) {
        const newTeacherId = idFor('classTeacher', `${classId}/${email}`);
        const granteeUserId = context.accounts.get(email) ?? null;
        // A class an earlier import gave an owner: its owner teaches it already.
        if (state.status !== 'absent' && granteeUserId !== null && granteeUserId === state.ownerId) continue;
        const invite: ClassCommand = { type: 'InviteClassTeacher', classId, ...oversight, newTeacherId, email, granteeUserId, lead: email === leadEmail };
        steps.push({ kind: 'enrollments', command: invite, change: 'created' });
      }
      for (const teacherId of teachersLeaving(state, classId, roster, departures, idFor)) {
        // The import acts for the district, which oversees the class's school.
        steps.push({ kind: 'enrollments', command: { type: 'RemoveClassTeacher', classId, userId, teacherId, overseesSchool: true }, change: 'deactivated' });
      }
      const current = state.status === 'absent' ? [] : state.studentIds;
      const wanted = bulkEnrolment
        ? [...(roster?.enrolled ?? [])]
        : [...new Set([...current.filter((id) => !roster?.unenrolled.has(id)), ...(roster?.enrolled ?? [])])];
      const added = wanted.filter((id) => !current.includes(id)).length;
      const removed = current.filter((id) => !wanted.includes(id)).length;
      if (added + removed > 0) steps.push({ kind: 'enrollments', command: { type: 'SetEnrolment', classId, ...oversight, studentIds: wanted.sort() }, change: null });
      steps.push({ kind: 'enrollments', tally: { created: added, deactivated: removed, unchanged: current.length - removed } });
      return steps;
    }),
  );
  yield;
  return { work, links: [...active].sort() };
}
