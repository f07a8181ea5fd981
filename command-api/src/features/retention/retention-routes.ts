import { Router } from 'express';
import { districtDecider } from '@accommodate/shared-events/domain/district/decide-district';
import { NO_SCHOOL_FOR_LEGAL_HOLD, studentDecider } from '@accommodate/shared-events/domain/student/decide-student';
import { ForbiddenError, IllegalStateError, NotFoundError } from '@accommodate/shared-events/domain/errors';
import { dayOf } from '@accommodate/shared-events/domain/retention/retention';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { legalHoldFormSchema, retentionFormSchema, type DueErasure, type RetentionRule } from '@accommodate/shared-events/schemas/retention';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import type { AppContext } from '../../framework/command-context.ts';
import { handleCommand } from '../../framework/handle-command.ts';
import { idParam } from '../../http/route-params.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { loadDistrictFor, loadSchoolFor } from '../../shared/organisation-access.ts';
import { loadStudentFor } from '../../shared/student-access.ts';
import { dueRecordsOf, isOverdue } from '../../shared/retention-due.ts';

export const ONLY_DISTRICT_ADMINS_HOLD = 'Only the district’s admins can put a record on legal hold or lift the hold';

/**
 * Retention: a district's rule (years after leaving), the records due for erasure within 30 days, and the
 * legal hold on a school's student (the district's admins only). The daily erasure is shared/retention-job.ts.
 */
export function retentionRoutes(context: AppContext): Router {
  const router = Router();

  router.get('/api/districts/:id/retention', async (req, res) => {
    const district = await loadDistrictFor(context, requireUser(req), idParam(req));
    res.json({ yearsAfterLeaving: district.yearsAfterLeaving ?? null } satisfies RetentionRule);
  });

  router.put('/api/districts/:id/retention', async (req, res) => {
    const userId = requireUser(req);
    const district = await loadDistrictFor(context, userId, idParam(req));
    const { yearsAfterLeaving } = retentionFormSchema.parse(req.body);
    await handleCommand(context, districtDecider, streamName('district', district.id), { type: 'SetRetention', districtId: district.id, userId, yearsAfterLeaving }, { actor: { userId } });
    res.json({ yearsAfterLeaving } satisfies RetentionRule);
  });

  // A list, as the students list is: names and dates, no record opened, so no access-log entry per line.
  router.get('/api/districts/:id/retention/due', async (req, res) => {
    const district = await loadDistrictFor(context, requireUser(req), idParam(req));
    const now = context.now();
    const caseload = caseloadQueries(context.readStore);
    const due: DueErasure[] = [];
    for (const { student, school, dueOn } of await dueRecordsOf(context, district, now, 'within-30-days')) {
      const record = await caseload.studentById(student.id);
      if (!record || student.leftBecause === null) continue;
      due.push({
        studentId: student.id,
        name: record.name,
        schoolId: school.id,
        schoolName: school.name,
        leftOn: student.leftAt.slice(0, 10),
        leftBecause: student.leftBecause,
        dueOn,
        overdue: isOverdue(dueOn, now),
        legalHold: student.hold === null ? null : { reason: student.hold.reason, placedOn: dayOf(new Date(student.hold.placedAt)) },
      });
    }
    res.json(due);
  });

  /** The student, seen by the user, of a school whose district they administer (404 or 403 otherwise). */
  const loadHoldable = async (userId: string, studentId: string) => {
    const student = await loadStudentFor(context, userId, studentId, 'view');
    if (!student.schoolId) throw new IllegalStateError(NO_SCHOOL_FOR_LEGAL_HOLD);
    try {
      await loadSchoolFor(context, userId, student.schoolId, 'hold-records');
    } catch (error) {
      // They see the student (a teacher, a share): the school's no secret to them, the hold is just not theirs.
      if (error instanceof NotFoundError || error instanceof ForbiddenError) throw new ForbiddenError(ONLY_DISTRICT_ADMINS_HOLD);
      throw error;
    }
    return student;
  };

  router.put('/api/students/:id/legal-hold', async (req, res) => {
    const userId = requireUser(req);
    const student = await loadHoldable(userId, idParam(req));
    const { reason } = legalHoldFormSchema.parse(req.body);
    await handleCommand(context, studentDecider, streamName('student', student.id), { type: 'PlaceLegalHold', studentId: student.id, userId, reason }, { actor: { userId } });
    res.json({ reason });
  });

  router.delete('/api/students/:id/legal-hold', async (req, res) => {
    const userId = requireUser(req);
    const student = await loadHoldable(userId, idParam(req));
    await handleCommand(context, studentDecider, streamName('student', student.id), { type: 'LiftLegalHold', studentId: student.id, userId }, { actor: { userId } });
    res.status(204).end();
  });

  return router;
}
