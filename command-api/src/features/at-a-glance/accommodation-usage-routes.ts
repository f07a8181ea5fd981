import { Router, type Request } from 'express';
import { usageFilterSchema } from '@accommodate/shared-events/schemas/at-a-glance';
import { accommodationUsage } from '@accommodate/shared-events/domain/at-a-glance/accommodation-usage';
import { mayAccess, roleOn } from '@accommodate/shared-events/domain/access/student-access';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import type { StudentDoc } from '@accommodate/projections/queries/caseload-schema';
import type { AppContext } from '../../framework/command-context.ts';
import { idQuery } from '../../http/route-params.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { loadClassFor } from '../../shared/class-access.ts';
import { throughClassIf, type RecordAccess } from '../../shared/record-access.ts';

/** Grouping by type (issue 24): each accommodation and the students of the caller's caseload who have it. */
export function accommodationUsageRoutes(context: AppContext, recordAccess: RecordAccess): Router {
  const router = Router();
  const caseload = caseloadQueries(context.readStore);

  /** The students the view covers: those the user may view now, narrowed to one class they teach and one grade. */
  const studentsInView = async (req: Request, userId: string): Promise<StudentDoc[]> => {
    const classId = idQuery(req, 'classId');
    const { grade } = usageFilterSchema.parse(req.query);
    const now = context.now();
    let students: StudentDoc[];
    if (classId === undefined) {
      students = await caseload.studentsVisibleTo(userId, now);
    } else {
      // A class the user does not teach is not found, before anything is read. Its students are read by id: a class
      // holds a few dozen of a caseload that may hold a thousand.
      const { studentIds } = await loadClassFor(context, userId, classId, 'read');
      students = (await Promise.all(studentIds.map((id) => caseload.studentById(id)))).filter(
        (student): student is StudentDoc => student !== null && mayAccess(student, userId, 'view', now),
      );
    }
    return grade === undefined ? students : students.filter((student) => student.grade === grade);
  };

  router.get('/api/accommodations/usage', async (req, res) => {
    const userId = requireUser(req);
    res.json(accommodationUsage(await studentsInView(req, userId)));
  });

  // The UI calls this just before window.print(): the printed list discloses every student on it (34 CFR 99.32),
  // so each one's log gets the print. The students are worked out here again, never taken from the client.
  router.post('/api/accommodations/usage/print', async (req, res) => {
    const userId = requireUser(req);
    const now = context.now();
    const students = await studentsInView(req, userId);
    // Only the students the list names: one with no accommodation in force is not on the page.
    const printed = new Set(accommodationUsage(students).flatMap((entry) => entry.students.map((student) => student.id)));
    for (const student of students) {
      if (!printed.has(student.id)) continue;
      const what = throughClassIf(roleOn(student, userId, now)?.role, 'Accommodations at a glance (printed)');
      await recordAccess(req, { studentId: student.id, userId, action: 'print', what });
    }
    res.status(204).end();
  });

  return router;
}
