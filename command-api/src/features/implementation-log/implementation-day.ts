import type { Request } from 'express';
import type { ClassImplementationDay } from '@accommodate/shared-events/schemas/implementation-log';
import { mayAccess, roleOn } from '@accommodate/shared-events/domain/access/student-access';
import { currentPlan } from '@accommodate/shared-events/domain/plan/current-plan';
import type { StudentDoc } from '@accommodate/projections/queries/caseload-schema';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import { implementationLogQueries } from '@accommodate/projections/queries/implementation-log-queries';
import type { AppContext } from '../../framework/command-context.ts';
import { throughClassIf, type RecordAccess } from '../../shared/record-access.ts';

/**
 * A day view of the implementation log (a class's, or the caller's caseload): each student by name, their
 * accommodations with the current plan's specifics for them, what was logged that day and whether the caller may log.
 * The specifics are the plan record's open part, read by everyone who may read the plan; the impairment and consent
 * are never part of a day. Each student shown is in their access log.
 */
export async function implementationDay(
  context: Pick<AppContext, 'readStore'>,
  recordAccess: RecordAccess,
  req: Request,
  userId: string,
  visible: readonly StudentDoc[],
  date: string,
  now: Date,
): Promise<ClassImplementationDay> {
  const log = implementationLogQueries(context.readStore);
  const caseload = caseloadQueries(context.readStore);
  const day: ClassImplementationDay = { date, students: [] };
  // In the roster's order: by name, then id.
  const students = [...visible].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  for (const student of students) {
    const { id, name, grade } = student;
    const entries = await log.entriesOf(id, { from: date, to: date });
    const specifics = currentPlan(await caseload.plansOfStudent(id))?.record?.specifics ?? [];
    day.students.push({ student: { id, name, grade }, accommodations: student.accommodations, specifics, entries, canLog: mayAccess(student, userId, 'log-implementation', now) });
    await recordAccess(req, { studentId: id, userId, action: 'view', what: throughClassIf(roleOn(student, userId, now)?.role, 'Implementation log') });
  }
  return day;
}
