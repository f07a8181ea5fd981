import { Router } from 'express';
import { withSpecifics } from '@accommodate/shared-events/domain/plan/accommodation-specifics';
import { bulkShareFormSchema, shareFormSchema, TOO_MANY_SHARES, type Share, type SubPlanEntry } from '@accommodate/shared-events/schemas/share';
import { currentPlan } from '@accommodate/shared-events/domain/plan/current-plan';
import { roleOn } from '@accommodate/shared-events/domain/access/student-access';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import type { ShareDoc } from '@accommodate/projections/queries/caseload-schema';
import { personLookup } from '@accommodate/projections/queries/users-queries';
import type { AppContext } from '../../framework/command-context.ts';
import { idParam } from '../../http/route-params.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { loadStudentFor } from '../../shared/student-access.ts';
import type { RecordAccess } from '../../shared/record-access.ts';
import { assertExpiryAhead, revokeShare, shareStudent } from './share-student.ts';
import { toShare } from './share-views.ts';
import { lastOpenedBy } from '../../shared/share-take-up.ts';
import { perAccountLimit } from '../../shared/per-account-limit.ts';

const oldestFirst = (a: ShareDoc, b: ShareDoc) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

/** Shares of a student, the bulk share from the list, and the substitute's sub plan. */
export function shareRoutes(context: AppContext, recordAccess: RecordAccess): Router {
  const router = Router();
  const caseload = caseloadQueries(context.readStore);
  const takeGrant = perAccountLimit(context, 'share:user', TOO_MANY_SHARES);

  router.get('/api/students/:id/shares', async (req, res) => {
    const student = await loadStudentFor(context, requireUser(req), idParam(req), 'list-shares');
    const lookup = personLookup(context.readStore);
    const now = context.now();
    const found = (await caseload.sharesOfStudent(student.id)).sort(oldestFirst);
    const opened = await lastOpenedBy(context, student.id);
    res.json(await Promise.all(found.map((share) => toShare(share, now, lookup, opened))));
  });

  router.post('/api/students/:id/shares', async (req, res) => {
    const userId = requireUser(req);
    const student = await loadStudentFor(context, userId, idParam(req), 'manage-shares');
    const input = shareFormSchema.parse(req.body);
    assertExpiryAhead(input.expiresAt, context.now());
    await takeGrant(userId);
    const { share, created } = await shareStudent(context, { studentId: student.id, grantedBy: userId, input });
    res.status(created ? 201 : 200).json(await toShare(share, context.now(), personLookup(context.readStore), await lastOpenedBy(context, student.id)));
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
    await takeGrant(userId);
    const lookup = personLookup(context.readStore);
    const granted: Share[] = [];
    for (const studentId of unique) {
      const { share } = await shareStudent(context, { studentId, grantedBy: userId, input });
      granted.push(await toShare(share, context.now(), lookup, await lastOpenedBy(context, studentId)));
    }
    res.status(201).json({ shares: granted });
  });

  router.get('/api/sub-plan', async (req, res) => {
    const userId = requireUser(req);
    const now = context.now();
    const lookup = personLookup(context.readStore);
    const entries: SubPlanEntry[] = [];
    for (const student of await caseload.studentsVisibleTo(userId, now)) {
      const role = roleOn(student, userId, now);
      if (role?.role !== 'substitute' || role.sharedById === null) continue;
      const plan = currentPlan(await caseload.plansOfStudent(student.id));
      entries.push({
        student: { id: student.id, name: student.name, grade: student.grade, status: student.status },
        // What the meeting wrote for this student (the room, the group size): a substitute needs exactly those.
        accommodations: withSpecifics(student.accommodations, plan?.record?.specifics),
        reviewDate: plan?.reviewDate ?? null,
        sharedBy: await lookup(role.sharedById),
      });
    }
    entries.sort((a, b) => a.student.name.localeCompare(b.student.name) || a.student.id.localeCompare(b.student.id));
    // The sub plan shows each student's accommodations to a substitute: a view of each record (34 CFR 99.32).
    for (const entry of entries) await recordAccess(req, { studentId: entry.student.id, userId, action: 'view', what: 'Substitute plan' });
    res.json(entries);
  });

  return router;
}
