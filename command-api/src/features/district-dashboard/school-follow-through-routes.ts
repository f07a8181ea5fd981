import { Router } from 'express';
import { schoolDaysCounted } from '@accommodate/shared-events/domain/implementation-log/coverage';
import type { SchoolFollowThrough } from '@accommodate/shared-events/schemas/district-dashboard';
import { mayAccess } from '@accommodate/shared-events/domain/access/student-access';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import { districtDashboardQueries } from '@accommodate/projections/queries/district-dashboard-queries';
import { personLookup } from '@accommodate/projections/queries/users-queries';
import type { AppContext } from '../../framework/command-context.ts';
import { idParam } from '../../http/route-params.ts';
import { timeZoneOf } from '../../http/time-zone.ts';
import { calendarDay } from '../../http/download-names.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { loadSchoolFor } from '../../shared/organisation-access.ts';
import type { RecordAccess } from '../../shared/record-access.ts';
import { nonSchoolDaysReads } from '../../shared/non-school-days.ts';
import { namesOnStudent } from '../../shared/share-take-up.ts';

/** What a listed student's access log says of this list. */
export const FOLLOW_THROUGH_LIST = 'School follow-through list';

/**
 * The lists behind a school's follow-through figures on the dashboard and the coordinator's home: the final plans
 * a teacher has not acknowledged yet, and each plan in force's school days logged. For those who see every student
 * of the school (its coordinators and administrators, the district's admins), read from the dashboard's read model
 * (one document for the school) and the names of the students listed. Each listed student's access log gains one
 * entry for the list.
 */
export function schoolFollowThroughRoutes(context: AppContext, recordAccess: RecordAccess): Router {
  const router = Router();
  const dashboards = districtDashboardQueries(context.readStore);
  const caseload = caseloadQueries(context.readStore);

  router.get('/api/schools/:id/follow-through', async (req, res) => {
    const userId = requireUser(req);
    const { school } = await loadSchoolFor(context, userId, idParam(req), 'all-students');
    const now = context.now();
    const today = calendarDay(now, timeZoneOf(req));
    const nonSchoolDays = await nonSchoolDaysReads(context)(school.id);
    const parts = Object.entries((await dashboards.schoolById(school.id))?.followThrough ?? {});
    const names = new Map<string, string>();
    for (const [studentId] of parts) {
      const student = await caseload.studentById(studentId);
      // The read models commit apart: a student moved or removed meanwhile is the caseload's to say.
      if (student?.schoolId === school.id && mayAccess(student, userId, 'view', now)) names.set(studentId, student.name);
    }
    const personOf = personLookup(context.readStore);
    const answer: SchoolFollowThrough = { school: { id: school.id, name: school.name }, today, unacknowledged: [], coverage: [] };
    for (const [studentId, part] of parts) {
      const studentName = names.get(studentId);
      if (studentName === undefined) continue;
      if (part.unacknowledged.length > 0) {
        // A share's grantee who has not opened the student is named to nobody, here as on the plan's own list.
        const nameOf = await namesOnStudent(context, studentId, userId, personOf);
        for (const plan of part.unacknowledged) {
          const waiting: SchoolFollowThrough['unacknowledged'][number]['waiting'] = [];
          for (const teacherId of plan.awaiting) {
            const named = await nameOf(teacherId);
            if (!named.notTakenUp) waiting.push({ userId: teacherId, name: named.name });
          }
          answer.unacknowledged.push({ planId: plan.planId, studentId, studentName, version: plan.version, since: plan.since, waiting });
        }
      }
      const schoolDays = schoolDaysCounted(part.coverage.since, today, nonSchoolDays).length;
      answer.coverage.push({ studentId, studentName, since: part.coverage.since, schoolDays, loggedDays: Math.min(part.coverage.loggedDays, schoolDays) });
    }
    answer.unacknowledged.sort((a, b) => a.since.localeCompare(b.since) || a.studentName.localeCompare(b.studentName));
    const share = (row: SchoolFollowThrough['coverage'][number]) => (row.schoolDays === 0 ? 1 : row.loggedDays / row.schoolDays);
    answer.coverage.sort((a, b) => share(a) - share(b) || a.studentName.localeCompare(b.studentName));
    for (const studentId of names.keys()) await recordAccess(req, { studentId, userId, action: 'view', what: FOLLOW_THROUGH_LIST });
    res.json(answer);
  });

  return router;
}
