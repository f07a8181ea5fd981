import { streamName } from '../../events/stream-name.ts';
import { schoolDecider, type SchoolCommand } from '../school/decide-school.ts';
import { staffWithEmail, type StaffMemberState } from '../school/school.ts';
import { studentDecider, type StudentCommand } from '../student/decide-student.ts';
import type { RosterData, RosterStaff, RosterStudent } from './roster-data.ts';
import { streamWork, type RosterStep, type StreamWork } from './roster-work.ts';
import { planClasses } from './roster-plan-classes.ts';
import { inSteps } from './roster-steps.ts';
import type { RosterLinks, RosterPlanContext } from './roster-context.ts';

export { NO_LINKS, type RosterIdKind, type RosterLinks, type RosterPlanContext } from './roster-context.ts';

export interface RosterPlan {
  /** In order: schools (with their staff), then students, then classes (with their teachers and enrolment). */
  phases: StreamWork[][];
  /** What the district's roster holds once the plan is applied. */
  links: RosterLinks;
  /** Staff the SIS no longer lists at a school: once removed, they hand their own students of it over. */
  leavingStaff: { schoolId: string; staffId: string }[];
}

export const staffKey = (schoolId: string, userId: string) => `${schoolId}|${userId}`;
const staffKeyParts = (key: string) => ({ schoolId: key.slice(0, key.indexOf('|')), userId: key.slice(key.indexOf('|') + 1) });

/**
 * Staff members the SIS no longer lists anywhere in the district (product user ids): marked tobedeleted, or left out of
 * a bulk users.csv. They leave every class an import made them a teacher of, not only their schools' staff. One who
 * moves to another school is still listed, and keeps their classes until enrollments.csv says otherwise.
 */
export function departingStaff(data: RosterData, previous: RosterLinks, idFor: RosterPlanContext['idFor']): string[] {
  const removed = new Set(data.removedUsers.map((id) => idFor('user', id)));
  const listed = new Set(data.staff.map((member) => idFor('user', member.sourcedId)));
  const before = new Set(previous.staff.map((key) => staffKeyParts(key).userId));
  return [...before].filter((userId) => !listed.has(userId) && (removed.has(userId) || data.modes.users === 'bulk'));
}

/** Applying this plan is what the import does; computing it and only counting is the dry run. */
export function planRoster(data: RosterData, context: RosterPlanContext): RosterPlan {
  const steps = planRosterInSteps(data, context);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * planRoster in steps of a tenth of a second or so at a district's size (300,000 rows): it yields between them, so
 * that a caller sharing its thread with requests lets them in (the import job: planning in one piece held the API for
 * half a second).
 */
export function* planRosterInSteps(data: RosterData, context: RosterPlanContext): Generator<void, RosterPlan> {
  const { idFor } = context;
  const removedUsers = new Set(data.removedUsers.map((id) => idFor('user', id)));
  const previousStaff = new Set(context.previous.staff);
  // Each id is a hash the first time: 50,000 students and 3,000 staff in one piece held the thread for a third of a second.
  const staffKeys = new Set((yield* inSteps(data.staff, (member) => member.schoolSourcedIds.map((school) => staffKey(idFor('school', school), idFor('user', member.sourcedId))))).flat());
  const staffGone = [...previousStaff].filter((key) => {
    const { userId } = staffKeyParts(key);
    return removedUsers.has(userId) || (data.modes.users === 'bulk' && !staffKeys.has(key));
  });
  const studentIds = new Set(yield* inSteps(data.students, (student) => idFor('user', student.sourcedId)));
  const studentsGone = context.previous.students.filter((id) => removedUsers.has(id) || (data.modes.users === 'bulk' && !studentIds.has(id)));

  yield;

  const schoolIds = new Set([...data.schools.map((school) => idFor('school', school.sourcedId)), ...[...staffKeys, ...staffGone].map((key) => staffKeyParts(key).schoolId)]);
  const staffBySchool = new Map<string, RosterStaff[]>();
  for (const member of data.staff) {
    for (const schoolId of new Set(member.schoolSourcedIds.map((school) => idFor('school', school)))) {
      const members = staffBySchool.get(schoolId) ?? [];
      if (members.length === 0) staffBySchool.set(schoolId, members);
      members.push(member);
    }
  }
  const schools = [...schoolIds].map((schoolId) => schoolWork(data, context, schoolId, staffBySchool.get(schoolId) ?? [], staffGone));
  yield;
  const students = [...(yield* inSteps(data.students, (student) => studentWork(context, student))), ...studentsGone.map((id) => deactivateStudent(context, id))];
  yield;
  const departingEmails = new Set(departingStaff(data, context.previous, idFor).flatMap((userId) => context.staffEmails.get(userId) ?? []));
  const classes = yield* planClasses(data, context, studentIds, departingEmails);
  yield;
  // Sorting 50,000 student ids is a step of its own.
  const linkedStudents = linksAfter(context.previous.students, studentsGone, studentIds);
  yield;
  const links: RosterLinks = {
    schools: linksAfter(context.previous.schools, [], schoolIds),
    classes: classes.links,
    students: linkedStudents,
    staff: linksAfter(context.previous.staff, staffGone, staffKeys),
  };
  const leavingStaff = staffGone.map(staffKeyParts).map(({ schoolId, userId }) => ({ schoolId, staffId: idFor('staff', `${schoolId}/${userId}`) }));
  return { phases: [schools, students, classes.work], links, leavingStaff };
}

/** What the roster links once the import is applied: what it linked before, less what left, with what it brings, sorted. */
function linksAfter(previous: readonly string[], leaving: readonly string[], added: Iterable<string>): string[] {
  const left = new Set(leaving);
  return [...new Set([...previous.filter((id) => !left.has(id)), ...added])].sort();
}

function schoolWork(data: RosterData, context: RosterPlanContext, schoolId: string, members: readonly RosterStaff[], staffGone: string[]): StreamWork {
  const { idFor, importerId: userId } = context;
  const row = data.schools.find((school) => idFor('school', school.sourcedId) === schoolId);
  const leaving = staffGone.map(staffKeyParts).filter((key) => key.schoolId === schoolId).map((key) => key.userId);
  return streamWork(schoolDecider, streamName('school', schoolId), 'orgs.csv', (state) => {
    const steps: RosterStep<SchoolCommand>[] = [];
    if (row && state.status === 'absent') steps.push({ kind: 'schools', command: { type: 'CreateSchool', schoolId, districtId: context.districtId, name: row.name }, change: 'created' });
    else if (row && state.status === 'present' && state.name !== row.name) {
      steps.push({ kind: 'schools', command: { type: 'RenameSchool', schoolId, name: row.name, userId, districtAdmin: true }, change: 'updated' });
    } else if (row) steps.push({ kind: 'schools', tally: { unchanged: 1 } });
    const staffOf: { staff: Record<string, StaffMemberState> } = state.status === 'present' ? state : { staff: {} };
    for (const member of members) steps.push(staffStep(context, schoolId, member, staffWithEmail(staffOf, member.email)));
    for (const leaverId of leaving) {
      const staffId = idFor('staff', `${schoolId}/${leaverId}`);
      if (staffOf.staff[staffId]) steps.push({ kind: 'staff', command: { type: 'RemoveStaff', schoolId, staffId, userId, districtAdmin: true }, change: 'deactivated' });
    }
    return steps;
  });
}

function staffStep(context: RosterPlanContext, schoolId: string, member: RosterStaff, current: StaffMemberState | null): RosterStep<SchoolCommand> {
  const { idFor, importerId: userId } = context;
  const actor = { userId, districtAdmin: true };
  const role = member.role;
  if (current !== null && current.role !== role) {
    return { kind: 'staff', command: { type: 'ChangeStaffRole', schoolId, staffId: current.staffId, role, ...actor }, change: 'updated' };
  }
  const newStaffId = idFor('staff', `${schoolId}/${idFor('user', member.sourcedId)}`);
  const granteeUserId = context.accounts.get(member.email) ?? null;
  return { kind: 'staff', command: { type: 'InviteStaff', schoolId, newStaffId, email: member.email, role, granteeUserId, ...actor }, change: current === null ? 'created' : 'updated' };
}

function studentWork(context: RosterPlanContext, student: RosterStudent): StreamWork {
  const studentId = context.idFor('user', student.sourcedId);
  const schoolId = context.idFor('school', student.schoolSourcedId);
  const { firstName, lastInitial, grade } = student;
  return streamWork(studentDecider, streamName('student', studentId), 'users.csv', (state): RosterStep<StudentCommand>[] => {
    if (state.status !== 'present') {
      const details = { firstName, lastInitial, grade, status: 'active', birthdate: null, parentName: null, parentEmail: null, parentNotes: null, notes: null };
      // The school's student, not the importing admin's: reached through the school's roles, its classes and shares.
      return [{ kind: 'students', command: { type: 'AddStudent', studentId, ownerId: null, details, accommodationIds: [], schoolId }, change: 'created' }];
    }
    // Everything else of the record (accommodations, plans, notes, documents) stays as the school made it.
    const status = state.details.status === 'inactive' ? 'active' : state.details.status;
    const details = { ...state.details, firstName, lastInitial, grade, status };
    const steps: RosterStep<StudentCommand>[] = [{ kind: 'students', command: { type: 'UpdateStudent', studentId, details, accommodationIds: state.accommodationIds }, change: 'updated' }];
    if (state.schoolId !== schoolId) steps.push({ kind: 'students', command: { type: 'MoveToSchool', studentId, schoolId, userId: context.importerId, sameDistrict: true }, change: 'updated' });
    return steps;
  });
}

/** Removed from the SIS: inactive, never erased; the plans, documents and history stay. */
function deactivateStudent(context: RosterPlanContext, studentId: string): StreamWork {
  return streamWork(studentDecider, streamName('student', studentId), 'users.csv', (state): RosterStep<StudentCommand>[] => {
    if (state.status !== 'present' || state.details.status === 'inactive') return [{ kind: 'students', tally: { unchanged: 1 } }];
    const details = { ...state.details, status: 'inactive' };
    return [{ kind: 'students', command: { type: 'UpdateStudent', studentId, details, accommodationIds: state.accommodationIds }, change: 'deactivated' }];
  });
}
