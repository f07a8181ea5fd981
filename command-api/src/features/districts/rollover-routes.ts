import { Router } from 'express';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { gradeChange, highestGradeOf, reviewIn, rolloverFormSchema } from '@accommodate/shared-events/domain/school/rollover';
import { studentDecider } from '@accommodate/shared-events/domain/student/decide-student';
import { planDecider } from '@accommodate/shared-events/domain/plan/decide-plan';
import type { RolloverReport } from '@accommodate/shared-events/schemas/rollover';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import type { AppContext } from '../../framework/command-context.ts';
import { awaitReadModelsAtHead, handleCommand } from '../../framework/handle-command.ts';
import { idParam } from '../../http/route-params.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { loadSchoolFor } from '../../shared/organisation-access.ts';

/**
 * The year-end rollover of a school, for its coordinators and administrators and the district's admins:
 * a dry run lists what would change; applying it writes one event per change (a promotion, a graduation, a review
 * scheduled), so each student's history shows it. Applying twice changes nothing the second time.
 */
export function rolloverRoutes(context: AppContext): Router {
  const router = Router();
  const caseload = caseloadQueries(context.readStore);

  router.post('/api/schools/:id/rollover', async (req, res) => {
    const userId = requireUser(req);
    const { school } = await loadSchoolFor(context, userId, idParam(req), 'all-students');
    const form = rolloverFormSchema.parse(req.body);
    const { schoolYear, dryRun } = form;
    const students = (await caseload.studentsOfSchoolVisibleTo(school.id, userId, context.now())).sort((a, b) => a.name.localeCompare(b.name));
    // Students not yet rolled into the year say which grades the school teaches; once applied, the request's stays.
    const highestGrade = form.highestGrade ?? highestGradeOf(students.filter((student) => (student.rolledOverTo ?? '') < schoolYear));
    const report: RolloverReport = { schoolYear, applied: !dryRun, highestGrade, students: [], reviews: [] };
    for (const student of students) {
      const change = gradeChange({ ...student, rolledOverTo: student.rolledOverTo ?? null }, schoolYear, highestGrade);
      if (change) {
        const toGrade = change.kind === 'promote' ? change.toGrade : null;
        report.students.push({ studentId: student.id, name: student.name, change: change.kind, fromGrade: change.fromGrade, toGrade });
      }
      // A graduate's and a leaver's plans are this school's no more; everyone else's annual review moves into the new year.
      if ((change !== null && change.kind !== 'promote') || student.status === 'inactive') continue;
      for (const plan of await caseload.plansOfStudent(student.id)) {
        const toReviewDate = reviewIn(plan, schoolYear);
        if (toReviewDate) report.reviews.push({ planId: plan.id, studentId: student.id, name: student.name, fromReviewDate: plan.reviewDate, toReviewDate });
      }
    }
    if (!dryRun) {
      const options = { actor: { userId }, awaitReadModels: false };
      for (const { studentId } of report.students) {
        await handleCommand(context, studentDecider, streamName('student', studentId), { type: 'RollOver', studentId, schoolYear, highestGrade }, options);
      }
      for (const { planId } of report.reviews) {
        await handleCommand(context, planDecider, streamName('plan', planId), { type: 'ScheduleReview', planId, schoolYear }, options);
      }
      await awaitReadModelsAtHead(context);
    }
    res.json(report);
  });

  return router;
}
