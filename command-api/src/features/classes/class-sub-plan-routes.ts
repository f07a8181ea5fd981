import { Router } from 'express';
import type { SubPlanClass } from '@accommodate/shared-events/schemas/sub-plan';
import { inDayOrder } from '@accommodate/shared-events/domain/class/day-order';
import { withSpecifics } from '@accommodate/shared-events/domain/plan/accommodation-specifics';
import { currentPlan } from '@accommodate/shared-events/domain/plan/current-plan';
import { roleOn } from '@accommodate/shared-events/domain/access/student-access';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import { classQueries } from '@accommodate/projections/queries/class-queries';
import type { AppContext } from '../../framework/command-context.ts';
import { requireUser } from '../../auth/authenticate.ts';
import type { RecordAccess } from '../../shared/record-access.ts';
import { rosterOf } from './class-views.ts';

/** The sub plan by class period: what a substitute covering the caller's classes needs, and no more. */
export function classSubPlanRoutes(context: AppContext, recordAccess: RecordAccess): Router {
  const router = Router();
  const classes = classQueries(context.readStore);
  const caseload = caseloadQueries(context.readStore);

  router.get('/api/sub-plan/classes', async (req, res) => {
    const userId = requireUser(req);
    const taught = (await classes.classesTaughtBy(userId)).filter((doc) => doc.status === 'active').sort(inDayOrder);
    const sheet: SubPlanClass[] = [];
    for (const doc of taught) {
      // The roster is already what the user may see now; the plan's dates are left off the sheet.
      const students = [];
      for (const { student, accommodations } of await rosterOf(context, doc, userId)) {
        // What the meeting wrote for this student (the room, the group size): a substitute needs exactly those.
        const plan = currentPlan(await caseload.plansOfStudent(student.id));
        students.push({ student, accommodations: withSpecifics(accommodations, plan?.record?.specifics) });
      }
      sheet.push({ class: { id: doc.id, name: doc.name, period: doc.period, subject: doc.subject, room: doc.room }, students });
    }
    // Each student's accommodations shown: a view of the record (34 CFR 99.32), once however many classes list them.
    const now = context.now();
    const shown = new Set(sheet.flatMap((entry) => entry.students.map(({ student }) => student.id)));
    for (const studentId of shown) {
      const student = await caseload.studentById(studentId);
      const throughClass = student !== null && roleOn(student, userId, now)?.role === 'class-teacher';
      await recordAccess(req, { studentId, userId, action: 'view', what: throughClass ? 'Substitute plan (through a class)' : 'Substitute plan' });
    }
    res.json(sheet);
  });

  return router;
}
