import { Router, type Request } from 'express';
import type { RecordAccessAction } from '@accommodate/shared-events/events/access-events';
import { streamName } from '@accommodate/shared-events/events/stream-name';
import { DOCUMENTS, STUDENTS } from '@accommodate/projections/definitions/caseload-collections';
import type { DocumentDoc, StudentDoc } from '@accommodate/projections/definitions/caseload-projection';
import type { AppContext } from '../../framework/command-context.ts';
import { forbidden } from '../../http/errors.ts';
import { idParam } from '../../http/route-params.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { loadStudentFor, mayAccess, personLookup, roleOf, type StudentAccessNeed } from '../students/student-access.ts';
import type { RecordAccess } from './record-access.ts';
import { accessLogCsv, type AccessLogEntry } from './access-log-csv.ts';

/** The access log is for the record's owner and auditors (34 CFR 99.32(c)). */
const MAY_READ_LOG = new Set(['owner', 'auditor']);

/**
 * Records what the caseload and document routes serve, before they run: only when the
 * user may do it (otherwise the route itself answers 404/403 and nothing was accessed).
 */
export function accessLogRoutes(context: AppContext, recordAccess: RecordAccess): Router {
  const router = Router();
  const students = () => context.readStore.collection<StudentDoc>(STUDENTS);

  const recordIfAllowed = async (req: Request, studentId: string, need: StudentAccessNeed, action: RecordAccessAction, what: string) => {
    const userId = req.userId;
    if (!userId) return;
    const student = await students().get(studentId);
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
    const document = id ? await context.readStore.collection<DocumentDoc>(DOCUMENTS).get(id) : null;
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
    const student = await loadStudentFor(context, userId, idParam(req), 'view');
    const role = roleOf(student, userId, context.now())?.role;
    if (!role || !MAY_READ_LOG.has(role)) throw forbidden('Only the owner and auditors can see the access log');
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
  const lookup = personLookup(context);
  const events = await context.eventStore.readStream(streamName('accessLog', studentId));
  const entries: AccessLogEntry[] = [];
  for (const event of events) {
    if (event.type !== 'StudentRecordAccessed') continue;
    const data = event.data as { userId: string; action: RecordAccessAction; what: string; ip: string | null; userAgent: string | null };
    entries.push({ id: event.eventId, at: event.occurredAt, user: await lookup(data.userId), action: data.action, what: data.what, ip: data.ip, userAgent: data.userAgent });
  }
  return entries.reverse();
}
