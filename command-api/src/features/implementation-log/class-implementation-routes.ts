import { Router } from 'express';
import { implementationDayQuerySchema, type ImplementationCoverage } from '@accommodate/shared-events/schemas/implementation-log';
import { onOwnCaseload } from '@accommodate/shared-events/domain/implementation-log/own-caseload';
import { currentPlan } from '@accommodate/shared-events/domain/plan/current-plan';
import { latestToday, schoolDaysBetween } from '@accommodate/shared-events/domain/implementation-log/school-days';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import { implementationLogQueries } from '@accommodate/projections/queries/implementation-log-queries';
import type { AppContext } from '../../framework/command-context.ts';
import { idParam, idQuery } from '../../http/route-params.ts';
import { loadSchoolFor } from '../../shared/organisation-access.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { classStudentsVisibleTo } from '../../shared/class-access.ts';
import type { RecordAccess } from '../../shared/record-access.ts';
import { implementationDay } from './implementation-day.ts';

/** The implementation log across students: a class's or the caseload's day (the day view) and the caseload's coverage. */
/** Each student's share of school days logged since their current plan started (none before it starts). */
function coverageReads(context: Pick<AppContext, 'readStore'>) {
  const log = implementationLogQueries(context.readStore);
  const caseload = caseloadQueries(context.readStore);
  return async (studentIds: readonly string[], today: string): Promise<ImplementationCoverage> => {
    const coverage: ImplementationCoverage = [];
    for (const studentId of studentIds) {
      const since = currentPlan(await caseload.plansOfStudent(studentId))?.startDate ?? null;
      if (since === null || since > today) {
        coverage.push({ studentId, since, schoolDays: 0, loggedDays: 0 });
        continue;
      }
      const schoolDays = schoolDaysBetween(since, today);
      const logged = await log.loggedDaysOf(studentId, since);
      coverage.push({ studentId, since, schoolDays: schoolDays.length, loggedDays: schoolDays.filter((day) => logged.has(day)).length });
    }
    return coverage;
  };
}

export function classImplementationRoutes(context: AppContext, recordAccess: RecordAccess): Router {
  const router = Router();
  const caseload = caseloadQueries(context.readStore);
  const coverageOf = coverageReads(context);

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
  // Per student, the school days since the current plan started and how many of them have any entry (counts only,
  // nothing of the record's content): for the caseload's owner, their students; with `?schoolId=`, for those who see
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
    res.json(await coverageOf(students.map((student) => student.id), latestToday(now)));
  });

  return router;
}
