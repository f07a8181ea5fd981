import { Router } from 'express';
import { compareQuerySchema, type ComparedStudent } from '@accommodate/shared-events/schemas/at-a-glance';
import { accommodationsInForce } from '@accommodate/shared-events/domain/at-a-glance/accommodation-usage';
import { compareStudents } from '@accommodate/shared-events/domain/at-a-glance/student-comparison';
import { roleOn } from '@accommodate/shared-events/domain/access/student-access';
import { currentPlan } from '@accommodate/shared-events/domain/plan/current-plan';
import { NotFoundError } from '@accommodate/shared-events/domain/errors';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import type { AppContext } from '../../framework/command-context.ts';
import { isRecordId } from '../../http/route-params.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { loadStudentFor } from '../../shared/student-access.ts';
import { throughClassIf, type RecordAccess } from '../../shared/record-access.ts';

/** Comparing students: 2 to 4 side by side, what they share and what each has alone, with plan dates. */
export function studentComparisonRoutes(context: AppContext, recordAccess: RecordAccess): Router {
  const router = Router();
  const caseload = caseloadQueries(context.readStore);

  // Mounted before /api/students/:id, so that "compare" is never taken for an id.
  router.get('/api/students/compare', async (req, res) => {
    const userId = requireUser(req);
    const { ids } = compareQuerySchema.parse(req.query);
    // Every student must be one the user may view, or none is shown: which one failed is not said.
    const docs = [];
    for (const id of ids) {
      if (!isRecordId(id)) throw new NotFoundError('Student');
      docs.push(await loadStudentFor(context, userId, id, 'view'));
    }
    const students: ComparedStudent[] = [];
    for (const doc of docs) {
      const plan = currentPlan(await caseload.plansOfStudent(doc.id));
      students.push({
        id: doc.id,
        name: doc.name,
        grade: doc.grade,
        status: doc.status,
        plan: plan ? { startDate: plan.startDate, reviewDate: plan.reviewDate, status: plan.status } : null,
        accommodations: accommodationsInForce(doc),
      });
    }
    // Each compared student's accommodations and plan dates are seen: a view of each record (34 CFR 99.32).
    const now = context.now();
    for (const doc of docs) {
      await recordAccess(req, { studentId: doc.id, userId, action: 'view', what: throughClassIf(roleOn(doc, userId, now)?.role, 'Student comparison') });
    }
    res.json(compareStudents(students));
  });

  return router;
}
