import { Router, type Request } from 'express';
import { usageFilterSchema } from '@accommodate/shared-events/schemas/at-a-glance';
import { accommodationUsage } from '@accommodate/shared-events/domain/at-a-glance/accommodation-usage';
import { roleOn, visibleUntil } from '@accommodate/shared-events/domain/access/student-access';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import type { StudentDoc } from '@accommodate/projections/queries/caseload-schema';
import { caseloadProjection } from '@accommodate/projections/definitions/caseload-projection';
import type { AppContext } from '../../framework/command-context.ts';
import { createReadModelCache, readModelVersion } from '../../framework/read-model-cache.ts';
import { idQuery } from '../../http/route-params.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { classStudentsVisibleTo } from '../../shared/class-access.ts';
import { throughClassIf, type RecordAccess } from '../../shared/record-access.ts';

/** A whole caseload's usage is a few tens of KB; least recently read go first. */
const USAGE_CACHE_BYTES = 8 * 1024 * 1024;

interface UsageFilter {
  classId: string | undefined;
  grade: string | undefined;
}

const filterOf = (req: Request): UsageFilter => ({ classId: idQuery(req, 'classId'), grade: usageFilterSchema.parse(req.query).grade });

/** Grouping by type: each accommodation and the students of the caller's caseload who have it. */
export function accommodationUsageRoutes(context: AppContext, recordAccess: RecordAccess): Router {
  const router = Router();
  const caseload = caseloadQueries(context.readStore);

  /**
   * The students the view covers: those the user may view at `now`, narrowed to one class they teach (else not found,
   * before anything is read) and one grade.
   */
  const studentsInView = async (userId: string, { classId, grade }: UsageFilter, now: Date): Promise<StudentDoc[]> => {
    const students =
      classId === undefined ? await caseload.studentsVisibleTo(userId, now) : await classStudentsVisibleTo(context, userId, classId, now);
    return grade === undefined ? students : students.filter((student) => student.grade === grade);
  };

  // Grouping a whole caseload reads every student: as for the students list, the answer is kept per user and filter
  // until a commit to the caseload (students, their audiences, classes) or the end of a share may change it.
  const usageAnswers = createReadModelCache(readModelVersion(context.readStore, [caseloadProjection.name]), { maxBytes: USAGE_CACHE_BYTES });

  router.get('/api/accommodations/usage', async (req, res) => {
    const userId = requireUser(req);
    const filter = filterOf(req);
    const key = [userId, filter.classId ?? '', filter.grade ?? ''].join('\u0000');
    const body = await usageAnswers.answer(key, context.now(), async (now) => {
      const students = await studentsInView(userId, filter, now);
      return { body: Buffer.from(JSON.stringify(accommodationUsage(students))), until: visibleUntil(students, userId, now) };
    }, req.readStamp);
    res.type('application/json').send(body);
  });

  // The UI calls this just before window.print(): the printed list discloses every student on it (34 CFR 99.32),
  // so each one's log gets the print. The students are worked out here again, never taken from the client.
  router.post('/api/accommodations/usage/print', async (req, res) => {
    const userId = requireUser(req);
    const now = context.now();
    const students = await studentsInView(userId, filterOf(req), now);
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
