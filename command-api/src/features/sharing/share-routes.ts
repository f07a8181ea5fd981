import { Router } from 'express';
import { bulkShareFormSchema, shareFormSchema, type Share, type SubPlanEntry } from '@accommodate/shared-events/schemas/share';
import { PLANS, SHARES } from '@accommodate/projections/definitions/caseload-collections';
import type { PlanDoc, ShareDoc } from '@accommodate/projections/definitions/caseload-projection';
import type { AppContext } from '../../framework/command-context.ts';
import { idParam } from '../../http/route-params.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { loadStudentFor, personLookup, roleOf, studentsVisibleTo } from '../students/student-access.ts';
import { currentPlan } from '@accommodate/shared-events/domain/plan/current-plan';
import { assertExpiryAhead, revokeShare, shareStudent } from './share-student.ts';
import { toShare } from './share-views.ts';

const oldestFirst = (a: ShareDoc, b: ShareDoc) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

/** Shares of a student, the bulk share from the list, and the substitute's sub plan. */
export function shareRoutes(context: AppContext): Router {
  const router = Router();
  const shares = () => context.readStore.collection<ShareDoc>(SHARES);

  router.get('/api/students/:id/shares', async (req, res) => {
    const student = await loadStudentFor(context, requireUser(req), idParam(req), 'list-shares');
    const lookup = personLookup(context);
    const now = context.now();
    const found = (await shares().find({ studentId: student.id })).sort(oldestFirst);
    res.json(await Promise.all(found.map((share) => toShare(share, now, lookup))));
  });

  router.post('/api/students/:id/shares', async (req, res) => {
    const userId = requireUser(req);
    const student = await loadStudentFor(context, userId, idParam(req), 'manage-shares');
    const input = shareFormSchema.parse(req.body);
    assertExpiryAhead(input.expiresAt, context.now());
    const { share, created } = await shareStudent(context, { studentId: student.id, grantedBy: userId, input });
    res.status(created ? 201 : 200).json(await toShare(share, context.now(), personLookup(context)));
  });

  router.delete('/api/students/:id/shares/:shareId', async (req, res) => {
    const userId = requireUser(req);
    const student = await loadStudentFor(context, userId, idParam(req), 'manage-shares');
    await revokeShare(context, { studentId: student.id, shareId: idParam(req, 'shareId'), userId });
    res.status(204).end();
  });

  // Every student is checked before any is shared, so a refusal leaves nothing half done.
  router.post('/api/shares', async (req, res) => {
    const userId = requireUser(req);
    const { studentIds, ...input } = bulkShareFormSchema.parse(req.body);
    assertExpiryAhead(input.expiresAt, context.now());
    const unique = [...new Set(studentIds)];
    for (const studentId of unique) await loadStudentFor(context, userId, studentId, 'manage-shares');
    const lookup = personLookup(context);
    const granted: Share[] = [];
    for (const studentId of unique) {
      const { share } = await shareStudent(context, { studentId, grantedBy: userId, input });
      granted.push(await toShare(share, context.now(), lookup));
    }
    res.status(201).json({ shares: granted });
  });

  router.get('/api/sub-plan', async (req, res) => {
    const userId = requireUser(req);
    const now = context.now();
    const lookup = personLookup(context);
    const entries: SubPlanEntry[] = [];
    for (const student of await studentsVisibleTo(context, userId)) {
      const role = roleOf(student, userId, now);
      if (role?.role !== 'substitute' || role.sharedById === null) continue;
      const plan = currentPlan(await context.readStore.collection<PlanDoc>(PLANS).find({ studentId: student.id }));
      entries.push({
        student: { id: student.id, name: student.name, grade: student.grade, status: student.status },
        accommodations: student.accommodations,
        reviewDate: plan?.reviewDate ?? null,
        sharedBy: await lookup(role.sharedById),
      });
    }
    entries.sort((a, b) => a.student.name.localeCompare(b.student.name) || a.student.id.localeCompare(b.student.id));
    res.json(entries);
  });

  return router;
}
