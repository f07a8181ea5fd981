import { Router } from 'express';
import { implementationDayQuerySchema, type ImplementationCoverage } from '@accommodate/shared-events/schemas/implementation-log';
import { onOwnCaseload } from '@accommodate/shared-events/domain/implementation-log/own-caseload';
import { currentPlan } from '@accommodate/shared-events/domain/plan/current-plan';
import { earliestDay, latestToday } from '@accommodate/shared-events/domain/implementation-log/school-days';
import { coverageOf } from '@accommodate/shared-events/domain/implementation-log/coverage';
import type { StudentDoc } from '@accommodate/projections/queries/caseload-schema';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import { implementationLogQueries } from '@accommodate/projections/queries/implementation-log-queries';
import type { AppContext } from '../../framework/command-context.ts';
import { idParam, idQuery } from '../../http/route-params.ts';
import { loadSchoolFor } from '../../shared/organisation-access.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { classStudentsVisibleTo } from '../../shared/class-access.ts';
import type { RecordAccess } from '../../shared/record-access.ts';
import { nonSchoolDaysReads } from '../../shared/non-school-days.ts';
import { implementationDay } from './implementation-day.ts';

/** Each student's share of school days logged while their current plan was in force and they were on the record. */
function coverageReads(context: Pick<AppContext, 'readStore'>) {
  const log = implementationLogQueries(context.readStore);
  const caseload = caseloadQueries(context.readStore);
  return async (students: readonly StudentDoc[], today: string): Promise<ImplementationCoverage> => {
    const coverage: ImplementationCoverage = [];
    const nonSchoolDaysOf = nonSchoolDaysReads(context);
    for (const student of students) {
      const planStart = currentPlan(await caseload.plansOfStudent(student.id))?.startDate ?? null;
      // The first day the log takes an entry for the student, as the server judges an entry's date.
      const onRecordSince = earliestDay(student.createdAt);
      const logged = planStart === null ? new Set<string>() : await log.loggedDaysOf(student.id, planStart);
      coverage.push({ studentId: student.id, ...coverageOf({ planStart, onRecordSince, today, nonSchoolDays: await nonSchoolDaysOf(student.schoolId ?? null), logged }) });
    }
    return coverage;
  };
}

/** The implementation log across students: a class's or the caseload's day (the day view) and the caseload's coverage. */
export function classImplementationRoutes(context: AppContext, recordAccess: RecordAccess): Router {
  const router = Router();
  const caseload = caseloadQueries(context.readStore);
  const coverageFor = coverageReads(context);

  // Every enrolled student the caller may see now, their accommodations, and what was logged for them that day.
  router.get('/api/classes/:id/implementation-log', async (req, res) => {
    const userId = requireUser(req);
    const now = context.now();
    const students = await classStudentsVisibleTo(context, userId, idParam(req), now);
    const { date } = implementationDayQuerySchema.parse(req.query);
    res.json(await implementationDay(context, recordAccess, req, userId, students, date, now));
  });
  // The same day for the caller's own caseload, for a teacher without classes or a case manager: the students they
  // may log for, reached other than through a class.
  router.get('/api/implementation-log/caseload', async (req, res) => {
    const userId = requireUser(req);
    const now = context.now();
    const { date } = implementationDayQuerySchema.parse(req.query);
    const students = (await caseload.studentsVisibleTo(userId, now)).filter((student) => onOwnCaseload(student, userId, now));
    res.json(await implementationDay(context, recordAccess, req, userId, students, date, now));
  });
  // Per student, the school days the current plan was in force while the student was on the record, and how many of
  // them have any entry (counts only, nothing of the record's content): for the caseload's owner, their students; with `?schoolId=`, for those who see
  // every student of the school (its coordinators and admins, the district's admins), the school's students.
  router.get('/api/implementation-log/coverage', async (req, res) => {
    const userId = requireUser(req);
    const now = context.now();
    const schoolId = idQuery(req, 'schoolId');
    if (schoolId !== undefined) await loadSchoolFor(context, userId, schoolId, 'all-students');
    const students =
      schoolId === undefined
        ? (await caseload.studentsVisibleTo(userId, now)).filter((student) => student.ownerId === userId)
        : await caseload.studentsOfSchoolVisibleTo(schoolId, userId, now);
    res.json(await coverageFor(students, latestToday(now)));
  });

  return router;
}
