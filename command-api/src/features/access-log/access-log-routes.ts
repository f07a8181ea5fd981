import { Router, type Request } from 'express';
import type { RecordAccessAction } from '@accommodate/shared-events/events/access-events';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { isRecordAccess } from '@accommodate/shared-events/domain/access-log/access-log';
import { mayAccess } from '@accommodate/shared-events/domain/access/student-access';
import type { StudentAction } from '@accommodate/shared-events/domain/access/role-rules';
import { caseloadQueries } from '@accommodate/projections/queries/caseload-queries';
import { personLookup } from '@accommodate/projections/queries/users-queries';
import type { AppContext } from '../../framework/command-context.ts';
import { idParam } from '../../http/route-params.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { loadStudentFor } from '../../shared/student-access.ts';
import type { RecordAccess } from '../../shared/record-access.ts';
import { accessLogCsv, type AccessLogEntry } from './access-log-csv.ts';

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
    await recordAccess(req, { studentId, userId, action, what });
  };
  const safeId = (req: Request) => (/^[A-Za-z0-9_-]{1,100}$/.test(String(req.params.id)) ? String(req.params.id) : null);

  router.get('/api/students/:id', async (req, _res, next) => {
    const id = safeId(req);
    if (id && req.query.asOf === undefined) await recordIfAllowed(req, id, 'view', 'view', 'Student record');
    next();
  });
  router.get('/api/students/:id/accommodations.pdf', async (req, _res, next) => {
    const id = safeId(req);
    if (id) await recordIfAllowed(req, id, 'view', 'export', 'Accommodations (PDF)');
    next();
  });
  router.get('/api/documents/:id/download', async (req, _res, next) => {
    const id = safeId(req);
    const document = id ? await caseload.documentById(id) : null;
    if (document) await recordIfAllowed(req, document.studentId, 'see-private', 'download', `Document ${document.id}`);
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
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="access-log-${student.id}.csv"`);
      res.send(accessLogCsv(entries));
      return;
    }
    res.json(entries);
  });

  return router;
}

/** Every recorded access of one student, newest first, with the person's name. */
export async function accessLogOf(context: Pick<AppContext, 'eventStore' | 'readStore'>, studentId: string): Promise<AccessLogEntry[]> {
  const lookup = personLookup(context.readStore);
  const events = await context.eventStore.readStream(streamName('accessLog', studentId));
  const entries: AccessLogEntry[] = [];
  for (const event of events) {
    if (!isRecordAccess(event)) continue;
    const { data } = event;
    entries.push({ id: event.eventId, at: event.occurredAt, user: await lookup(data.userId), action: data.action, what: data.what, ip: data.ip, userAgent: data.userAgent });
  }
  return entries.reverse();
}
