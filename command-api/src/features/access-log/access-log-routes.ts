import { Router, type NextFunction, type Request, type Response } from 'express';
import type { RecordAccessAction } from '@accommodate/shared-events/events/access-events';
import { mayAccess, roleOn } from '@accommodate/shared-events/domain/access/student-access';
import type { StudentAction } from '@accommodate/shared-events/domain/access/role-rules';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import type { AppContext } from '../../framework/command-context.ts';
import { attachmentDisposition, studentFileName } from '../../http/download-names.ts';
import { timeZoneOf } from '../../http/time-zone.ts';
import { idParam } from '../../http/route-params.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { loadStudentFor } from '../../shared/student-access.ts';
import { throughClassIf, type RecordAccess } from '../../shared/record-access.ts';
import { accessLogOf } from '../../shared/student-access-log.ts';
import { documentAccessWhat } from '@accommodate/shared-events/domain/access-log/access-log';
import { accessLogCsv } from './access-log-csv.ts';

/**
 * Records what the caseload and document routes serve, before they run: only when the
 * user may do it (otherwise the route itself answers 404/403 and nothing was accessed).
 */
export function accessLogRoutes(context: AppContext, recordAccess: RecordAccess): Router {
  const router = Router();
  const caseload = caseloadQueries(context.readStore);

  const recordIfAllowed = async (req: Request, studentId: string, need: StudentAction, action: RecordAccessAction, what: string) => {
    const userId = req.userId;
    if (!userId) return;
    const student = await caseload.studentById(studentId);
    if (!student || !mayAccess(student, userId, need, context.now())) return;
    await recordAccess(req, { studentId, userId, action, what: throughClassIf(roleOn(student, userId, context.now())?.role, what) });
  };
  const safeId = (req: Request) => (/^[A-Za-z0-9_-]{1,100}$/.test(String(req.params.id)) ? String(req.params.id) : null);

  router.get('/api/students/:id', async (req, _res, next) => {
    const id = safeId(req);
    if (id && req.query.asOf === undefined) await recordIfAllowed(req, id, 'view', 'view', 'Student record');
    next();
  });
  // The parts the student page reads beside the record are the record too: each read of one is a view of it, counted
  // once a minute with the record itself (the same entry), so that a page load is one line and a lone read is not none.
  const studentParts: { path: string; need: StudentAction }[] = [
    { path: '/api/students/:id/accommodations', need: 'view' },
    { path: '/api/students/:id/documents', need: 'see-private' },
    { path: '/api/students/:id/shares', need: 'list-shares' },
    { path: '/api/students/:id/suggestions', need: 'view' },
  ];
  for (const { path, need } of studentParts) {
    router.get(path, async (req, _res, next) => {
      const id = safeId(req);
      if (id) await recordIfAllowed(req, id, need, 'view', 'Student record');
      next();
    });
  }
  const planRead = async (req: Request, _res: Response, next: NextFunction) => {
    const id = safeId(req);
    const plan = id ? await caseload.planById(id) : null;
    if (plan) await recordIfAllowed(req, plan.studentId, 'view', 'view', `Plan ${plan.id}`);
    next();
  };
  router.get('/api/plans/:id', planRead);
  // Who was asked to acknowledge the plan, and when they did, is read from the plan: a view of it.
  router.get('/api/plans/:id/acknowledgements', planRead);
  router.get('/api/students/:id/accommodations.pdf', async (req, _res, next) => {
    const id = safeId(req);
    if (id) await recordIfAllowed(req, id, 'view', 'export', 'Accommodations (PDF)');
    next();
  });
  router.get('/api/documents/:id/download', async (req, _res, next) => {
    const id = safeId(req);
    const document = id ? await caseload.documentById(id) : null;
    if (document) await recordIfAllowed(req, document.studentId, 'see-private', 'download', documentAccessWhat(document.id));
    next();
  });

  // The UI calls this just before window.print(): a printout is a disclosure too.
  router.post('/api/students/:id/access-log/print', async (req, res) => {
    const userId = requireUser(req);
    const student = await loadStudentFor(context, userId, idParam(req), 'view');
    await recordAccess(req, { studentId: student.id, userId, action: 'print', what: 'Student record (printed)' });
    res.status(204).end();
  });

  router.get('/api/students/:id/access-log', async (req, res) => {
    const userId = requireUser(req);
    // The access log is for the record's owner and auditors (34 CFR 99.32(c)).
    const student = await loadStudentFor(context, userId, idParam(req), 'see-access-log');
    const entries = await accessLogOf(context, student.id);
    if (req.query.format === 'csv') {
      const fileName = studentFileName(student, 'access log', 'csv', context.now(), timeZoneOf(req));
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', attachmentDisposition(fileName));
      res.send(accessLogCsv(entries));
      return;
    }
    res.json(entries);
  });

  return router;
}
